"""The hostile-client suite's attack families, one module each, and what they share
(server.py: the insetd processes; wire.py: HTTP over raw sockets; probes.py: health probes,
figures, results). scripts/hostile-clients.py runs them."""
