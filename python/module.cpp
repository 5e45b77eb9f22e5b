// PYBIND11_MODULE: the module `nard` (python/module.h).
#include "python/module.h"

PYBIND11_MODULE(nard, m) {
  m.doc() = "nard: the backgammon family's engine, nets and search from Python (docs/python.md)";
  nard::python::register_documents(m);
  nard::python::register_arrays(m);
  nard::python::register_environments(m);
}
