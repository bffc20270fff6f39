"""Play surfaces: the command line and the terminal client (and, later, the
web server). They know games only through the public interface."""
