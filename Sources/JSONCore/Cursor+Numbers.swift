// Numbers as JSON: integers without a fraction, others in their shortest round-tripping
// form, rounded decimals in plain notation.
extension Cursor {
    /// The most bytes a number takes: `-9223372036854775808` or Swift's longest `Double`
    /// description (`-2.2250738585072014e-308`, 24 bytes).
    @usableFromInline static var maxNumberLength: Int { 24 }

    /// Stores a number: integers without a fraction, others in their shortest
    /// round-tripping form, non-finite ones as `null`.
    @inlinable @inline(__always)
    mutating func number(_ value: Double) {
        // Geometry is mostly small non-negative integers: those below 1,000 are copied from a
        // table, every other number takes the call. Adding 2^52 to a `Double` in [0, 2^52)
        // rounds it to an integer that the sum's bit pattern holds in its low bits; the
        // difference of the patterns is out of range for any other value (negative, NaN,
        // infinite or larger), and the integer is the value when subtracting 2^52 again gives
        // it back (`-0` gives 0, equal to it, and is written as `0`).
        let shifted = value + 0x1p52
        let integer = shifted.bitPattern &- (0x1p52 as Double).bitPattern
        if integer < 1000, shifted - 0x1p52 == value {
            smallInteger(Int(truncatingIfNeeded: integer))
        } else {
            // The cursor is passed by value, so that it can stay in a register here.
            position += Self.otherNumber(value, at: position)
        }
    }

    /// "0   ", "1   ", … "999 ": the integers below 1,000, four bytes each, padded with spaces.
    @usableFromInline static let smallIntegers: StaticString = """
        0   1   2   3   4   5   6   7   8   9   10  11  12  13  14  15  \
        16  17  18  19  20  21  22  23  24  25  26  27  28  29  30  31  \
        32  33  34  35  36  37  38  39  40  41  42  43  44  45  46  47  \
        48  49  50  51  52  53  54  55  56  57  58  59  60  61  62  63  \
        64  65  66  67  68  69  70  71  72  73  74  75  76  77  78  79  \
        80  81  82  83  84  85  86  87  88  89  90  91  92  93  94  95  \
        96  97  98  99  100 101 102 103 104 105 106 107 108 109 110 111 \
        112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 \
        128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 \
        144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 \
        160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 \
        176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 \
        192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 \
        208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 \
        224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 \
        240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 \
        256 257 258 259 260 261 262 263 264 265 266 267 268 269 270 271 \
        272 273 274 275 276 277 278 279 280 281 282 283 284 285 286 287 \
        288 289 290 291 292 293 294 295 296 297 298 299 300 301 302 303 \
        304 305 306 307 308 309 310 311 312 313 314 315 316 317 318 319 \
        320 321 322 323 324 325 326 327 328 329 330 331 332 333 334 335 \
        336 337 338 339 340 341 342 343 344 345 346 347 348 349 350 351 \
        352 353 354 355 356 357 358 359 360 361 362 363 364 365 366 367 \
        368 369 370 371 372 373 374 375 376 377 378 379 380 381 382 383 \
        384 385 386 387 388 389 390 391 392 393 394 395 396 397 398 399 \
        400 401 402 403 404 405 406 407 408 409 410 411 412 413 414 415 \
        416 417 418 419 420 421 422 423 424 425 426 427 428 429 430 431 \
        432 433 434 435 436 437 438 439 440 441 442 443 444 445 446 447 \
        448 449 450 451 452 453 454 455 456 457 458 459 460 461 462 463 \
        464 465 466 467 468 469 470 471 472 473 474 475 476 477 478 479 \
        480 481 482 483 484 485 486 487 488 489 490 491 492 493 494 495 \
        496 497 498 499 500 501 502 503 504 505 506 507 508 509 510 511 \
        512 513 514 515 516 517 518 519 520 521 522 523 524 525 526 527 \
        528 529 530 531 532 533 534 535 536 537 538 539 540 541 542 543 \
        544 545 546 547 548 549 550 551 552 553 554 555 556 557 558 559 \
        560 561 562 563 564 565 566 567 568 569 570 571 572 573 574 575 \
        576 577 578 579 580 581 582 583 584 585 586 587 588 589 590 591 \
        592 593 594 595 596 597 598 599 600 601 602 603 604 605 606 607 \
        608 609 610 611 612 613 614 615 616 617 618 619 620 621 622 623 \
        624 625 626 627 628 629 630 631 632 633 634 635 636 637 638 639 \
        640 641 642 643 644 645 646 647 648 649 650 651 652 653 654 655 \
        656 657 658 659 660 661 662 663 664 665 666 667 668 669 670 671 \
        672 673 674 675 676 677 678 679 680 681 682 683 684 685 686 687 \
        688 689 690 691 692 693 694 695 696 697 698 699 700 701 702 703 \
        704 705 706 707 708 709 710 711 712 713 714 715 716 717 718 719 \
        720 721 722 723 724 725 726 727 728 729 730 731 732 733 734 735 \
        736 737 738 739 740 741 742 743 744 745 746 747 748 749 750 751 \
        752 753 754 755 756 757 758 759 760 761 762 763 764 765 766 767 \
        768 769 770 771 772 773 774 775 776 777 778 779 780 781 782 783 \
        784 785 786 787 788 789 790 791 792 793 794 795 796 797 798 799 \
        800 801 802 803 804 805 806 807 808 809 810 811 812 813 814 815 \
        816 817 818 819 820 821 822 823 824 825 826 827 828 829 830 831 \
        832 833 834 835 836 837 838 839 840 841 842 843 844 845 846 847 \
        848 849 850 851 852 853 854 855 856 857 858 859 860 861 862 863 \
        864 865 866 867 868 869 870 871 872 873 874 875 876 877 878 879 \
        880 881 882 883 884 885 886 887 888 889 890 891 892 893 894 895 \
        896 897 898 899 900 901 902 903 904 905 906 907 908 909 910 911 \
        912 913 914 915 916 917 918 919 920 921 922 923 924 925 926 927 \
        928 929 930 931 932 933 934 935 936 937 938 939 940 941 942 943 \
        944 945 946 947 948 949 950 951 952 953 954 955 956 957 958 959 \
        960 961 962 963 964 965 966 967 968 969 970 971 972 973 974 975 \
        976 977 978 979 980 981 982 983 984 985 986 987 988 989 990 991 \
        992 993 994 995 996 997 998 999 
        """

    /// Stores the digits of `value` (0..<1000) from ``smallIntegers``: a store of four bytes
    /// (the room for a number allows it), of which the digits are kept.
    @inlinable @inline(__always)
    mutating func smallInteger(_ value: Int) {
        let digits = UnsafeRawPointer(Self.smallIntegers.utf8Start).loadUnaligned(fromByteOffset: 4 &* value, as: UInt32.self)
        UnsafeMutableRawPointer(position).storeBytes(of: digits, as: UInt32.self)
        position += value < 10 ? 1 : value < 100 ? 2 : 3
    }

    /// Stores `value` rounded to `fractionDigits` decimals (0...9) in plain notation,
    /// trailing zeros dropped; falls back to ``number(_:)`` beyond that precision's range.
    @usableFromInline mutating func decimal(_ value: Double, fractionDigits: Int) {
        precondition((0...9).contains(fractionDigits), "fractionDigits must be 0...9")
        var unit = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let scaled = (abs(value) * Double(unit)).rounded()
        guard scaled < 0x1p53 else {   // also NaN and infinity
            number(value)
            return
        }
        let units = Int(scaled)
        if value < 0, units > 0 { byte(UInt8(ascii: "-")) }
        integer(units / unit)
        var fraction = units % unit, digits = fractionDigits
        guard fraction > 0 else { return }
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        byte(UInt8(ascii: "."))
        // The fraction's digits, zero-padded on the left to `digits`.
        for index in stride(from: digits - 1, through: 0, by: -1) {
            position[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        position += digits
    }

    /// Stores `magnitude` (positive, no integer) from its thousandths when it has at most
    /// three decimals and is below 10^9, in plain notation without trailing zeros (`53.667`,
    /// `5.5`); returns false, storing nothing, otherwise. The decimal t / 1000 that reads back
    /// as exactly this magnitude has the fewest decimals of any that does (another as short
    /// lies 0.001 away, far beyond half an ulp), so it is the shortest round-tripping form.
    @inlinable @inline(__always)
    mutating func thousandths(_ magnitude: Double) -> Bool {
        guard magnitude < 1e9 else { return false }
        // Rounded by adding a half and truncating: t is the nearest integer unless the scaled
        // value lies about halfway, which no magnitude of three decimals does (and whether t
        // reads back is checked exactly).
        let units = Int(magnitude * 1000 + 0.5)
        guard Double(units) / 1000 == magnitude else { return false }
        integer(units / 1000)
        byte(UInt8(ascii: "."))
        let fraction = units % 1000   // not 0: the magnitude is no integer
        if fraction % 10 != 0 {
            digitPair(fraction / 10)
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10))
        } else if fraction % 100 != 0 {
            digitPair(fraction / 10)
        } else {
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100))
        }
        return true
    }

    /// Stores a number off ``number(_:)``'s fast path at `position`: an integer a `Double`
    /// holds exactly (below 2^53 in magnitude) without a fraction, another finite number in its
    /// shortest round-tripping form (`description`'s), a non-finite one as `null`. Returns the
    /// number of bytes stored.
    @usableFromInline static func otherNumber(_ value: Double, at position: UnsafeMutablePointer<UInt8>) -> Int {
        var out = Cursor(position)
        // The magnitude test first, so that the conversion cannot trap (it also rejects NaN).
        if abs(value) < 0x1p53, Double(Int(value)) == value {
            out.integer(Int(value))
        } else if value.isFinite {
            // Fractions without `description`'s String: those of at most three decimals (a
            // half point, S8's 53.667) from their thousandths, most others (sums of those such
            // as 369.66700000000003) from their bits; the rest through it.
            if value < 0 { out.byte(UInt8(ascii: "-")) }
            if !out.thousandths(abs(value)), !out.shortestFraction(abs(value)) {
                out = Cursor(position)
                var description = value.description
                description.withUTF8 { out.bytes($0) }
            }
        } else {
            out.text("null")
        }
        return out.position - position
    }

    /// Stores the decimal digits of `value` (room for 20 bytes).
    @inlinable @inline(__always)
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // Most geometry has up to four digits, found in two tests and written in digit pairs.
        if magnitude < 100 {
            if magnitude < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            } else {
                digitPair(Int(truncatingIfNeeded: magnitude))
            }
        } else if magnitude < 10_000 {
            let small = Int(truncatingIfNeeded: magnitude)
            let high = small / 100
            if high < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high))
            } else {
                digitPair(high)
            }
            digitPair(small % 100)
        } else {
            // By value, so that the cursor can stay in a register here.
            position += Self.largeMagnitude(magnitude, at: position)
        }
    }

    /// "00", "01", … "99": two digits at a time.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Stores the two digits of `pair` (0...99).
    @inlinable @inline(__always)
    mutating func digitPair(_ pair: Int) {
        let digits = UnsafeRawPointer(Self.digitPairs.utf8Start).loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self)
        UnsafeMutableRawPointer(position).storeBytes(of: digits, as: UInt16.self)
        position += 2
    }

    /// Stores the digits of a magnitude of five digits or more at `position` (room for 20
    /// bytes); returns their number.
    @usableFromInline static func largeMagnitude(_ magnitude: UInt, at position: UnsafeMutablePointer<UInt8>) -> Int {
        // Digits backwards from the end of the room, then moved to its start (forwards: the
        // regions may overlap).
        var rest = magnitude, digitCount = 0
        repeat {
            position[19 - digitCount] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            digitCount += 1
            rest /= 10
        } while rest > 0
        for index in 0..<digitCount { position[index] = position[20 - digitCount + index] }
        return digitCount
    }
}
