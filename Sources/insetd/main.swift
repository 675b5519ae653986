print("insetd placeholder")
