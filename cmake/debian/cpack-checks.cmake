# Read by cpack before it makes a package (CPACK_PROJECT_CONFIG_FILE, set in
# cmake/debian/package.cmake): what would make a package without its manual
# page or without its computed dependencies stops cpack here, saying why,
# instead of giving a package that lintian (or a user) finds wrong later.
foreach(problem IN LISTS CPACK_CUDALINT_PROBLEMS)
  message(SEND_ERROR "cudalint package: ${problem}")
endforeach()
if(CPACK_GENERATOR STREQUAL "DEB")
  # Without these CPack silently leaves out the computed dependencies
  # (libc6, libclang1-N, ...) and keeps only the hand-written ones: none.
  find_program(CUDALINT_DPKG_SHLIBDEPS dpkg-shlibdeps)
  if(NOT CUDALINT_DPKG_SHLIBDEPS)
    message(SEND_ERROR "cudalint package: dpkg-shlibdeps is missing, so the package's dependencies cannot be computed: install dpkg-dev (tools/install-deps.sh --package)")
  endif()
endif()
if(CPACK_CUDALINT_PROBLEMS OR (CPACK_GENERATOR STREQUAL "DEB" AND NOT CUDALINT_DPKG_SHLIBDEPS))
  message(FATAL_ERROR "cudalint package: not made (see above)")
endif()
