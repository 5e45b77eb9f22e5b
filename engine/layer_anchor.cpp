// Compiled into every layer library so that a layer with no sources of its own yet still forms a
// valid static library target. Holds nothing.
