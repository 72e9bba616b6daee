# The Debian package: `cmake --build build --target package` makes
# build/cudalint_<version>_<arch>.deb (CPack's DEB generator is the default
# generator; `cpack -G TGZ` and the like still work). Included by
# CMakeLists.txt after the install() rules of the binary and the rule docs.
# tests/package/run.sh checks the result with lintian.
#
# What goes in beside /usr/bin/cudalint (stripped by CPack) and the rule
# docs:
#   /usr/share/doc/cudalint/copyright      cmake/debian/copyright (DEP-5)
#   /usr/share/doc/cudalint/changelog.gz   cmake/debian/changelog, gzip -9n
#   /usr/share/man/man1/cudalint.1.gz      help2man from `cudalint --help`
#                                          and --version, with the sections
#                                          of cmake/debian/cudalint.h2m
# The dependencies are computed by dpkg-shlibdeps from the binary's
# libraries (libc6, libjson-c5, libyaml-0-2, libxxhash0), not written by
# hand; the two it cannot see are written below (libclang, loaded with
# dlopen, and clang's own headers, which libclang reads at run time).
#
# help2man (and dpkg-shlibdeps, from dpkg-dev) are needed only here: the
# normal build goes on without help2man and then has no manual page, and
# the `package` target fails saying what is missing (cpack-checks.cmake)
# rather than making a package without it.

set(DEBIAN_SRC ${CMAKE_SOURCE_DIR}/cmake/debian)
set(DEBIAN_OUT ${CMAKE_BINARY_DIR}/debian)
file(MAKE_DIRECTORY ${DEBIAN_OUT})
# What would make a wrong package: cpack-checks.cmake stops cpack with these.
set(CPACK_CUDALINT_PROBLEMS "")

# ---- the changelog ----------------------------------------------------------
# Its newest entry must be this version (a native package: no Debian
# revision), and its date is the manual page's (SOURCE_DATE_EPOCH), so that
# the page does not change with the day of the build.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${DEBIAN_SRC}/changelog)
file(STRINGS ${DEBIAN_SRC}/changelog changelog_head LIMIT_COUNT 1)
file(STRINGS ${DEBIAN_SRC}/changelog changelog_trailers REGEX "^ -- ")
if(NOT changelog_head MATCHES "^cudalint \\(([^)]+)\\) ")
  message(FATAL_ERROR "cmake/debian/changelog: the first line is not `cudalint (VERSION) ...`")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL PROJECT_VERSION)
  set(msg "cmake/debian/changelog: the newest entry is version ${CMAKE_MATCH_1}, the project's is ${PROJECT_VERSION}: add an entry for ${PROJECT_VERSION}")
  message(WARNING "${msg}")
  list(APPEND CPACK_CUDALINT_PROBLEMS "${msg}")
endif()
unset(changelog_epoch)
list(GET changelog_trailers 0 changelog_trailer)
if(changelog_trailer MATCHES ">  (.+)$")
  execute_process(COMMAND date -u -d "${CMAKE_MATCH_1}" +%s
    OUTPUT_VARIABLE changelog_epoch OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0)
    unset(changelog_epoch)
  endif()
endif()

find_program(GZIP gzip REQUIRED)
add_custom_command(OUTPUT ${DEBIAN_OUT}/changelog.gz
  COMMAND ${CMAKE_COMMAND} -E copy ${DEBIAN_SRC}/changelog ${DEBIAN_OUT}/changelog
  COMMAND ${GZIP} -9nf ${DEBIAN_OUT}/changelog
  DEPENDS ${DEBIAN_SRC}/changelog
  COMMENT "Compressing the Debian changelog" VERBATIM)
set(PACKAGE_FILES ${DEBIAN_OUT}/changelog.gz)
install(FILES ${DEBIAN_OUT}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})

# ---- the manual page ----------------------------------------------------------
find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(h2m_env CUDALINT=$<TARGET_FILE:cudalint>)
  if(changelog_epoch)
    list(APPEND h2m_env SOURCE_DATE_EPOCH=${changelog_epoch})
  endif()
  add_custom_command(OUTPUT ${DEBIAN_OUT}/cudalint.1.gz
    COMMAND ${CMAKE_COMMAND} -E env ${h2m_env}
            ${HELP2MAN} --no-info --section=1
            "--name=static analyzer for CUDA synchronisation bugs"
            --include=${DEBIAN_SRC}/cudalint.h2m --output=${DEBIAN_OUT}/cudalint.1
            ${DEBIAN_SRC}/help2man-input.sh
    COMMAND ${GZIP} -9nf ${DEBIAN_OUT}/cudalint.1
    DEPENDS cudalint ${DEBIAN_SRC}/cudalint.h2m ${DEBIAN_SRC}/help2man-input.sh
    COMMENT "Generating the manual page cudalint.1 (help2man)" VERBATIM)
  list(APPEND PACKAGE_FILES ${DEBIAN_OUT}/cudalint.1.gz)
  install(FILES ${DEBIAN_OUT}/cudalint.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  set(msg "help2man was not found when the build was configured, so there is no manual page: install it (apt-get install help2man, or tools/install-deps.sh --package) and configure again")
  message(STATUS "${msg}; `package` will fail")
  list(APPEND CPACK_CUDALINT_PROBLEMS "${msg}")
endif()
add_custom_target(package-docs ALL DEPENDS ${PACKAGE_FILES})

# ---- stripping ---------------------------------------------------------------
# CPACK_STRIP_FILES (below) runs a plain `strip` on the installed binary;
# this also drops the compiler's .comment and the .note section, as
# Debian's dh_strip does (lintian: binary-has-unneeded-section).
if(CMAKE_STRIP)
  install(CODE "
    if(CMAKE_INSTALL_DO_STRIP)
      execute_process(COMMAND \"${CMAKE_STRIP}\" --remove-section=.comment --remove-section=.note
        \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/cudalint\" RESULT_VARIABLE rc)
      if(NOT rc EQUAL 0)
        message(FATAL_ERROR \"strip --remove-section=.comment failed on cudalint\")
      endif()
    endif()")
endif()

# ---- CPack ------------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME cudalint)
set(CPACK_PACKAGE_VENDOR "The cudalint authors")
set(CPACK_PACKAGE_CONTACT "cudalint maintainers <cudalint@users.noreply.github.com>")
set(CPACK_PACKAGE_HOMEPAGE_URL https://github.com/cudalint/cudalint)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Static analyzer for CUDA synchronisation bugs")
# The extended description: Debian's format (lines of at most 80 columns;
# CPack indents each by one space, and the list items' extra indent keeps
# them as they are).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"cudalint reads CUDA sources (.cu, .cuh) through libclang and reports the
synchronisation bugs that make kernels work on one GPU and hang or give
wrong results on another:
 - block barriers reached by only part of a block;
 - spin-waits on flags that the compiler can hoist out of the loop;
 - flags published or read without the fences that order their data;
 - fences wider than they need to be;
 - full-mask warp collectives under lane divergence;
 - shared memory read before the barrier that should protect it.
Reports are text, JSON, SARIF (GitHub code scanning) or GitHub Actions
annotations. It reads compile_commands.json, runs as a pre-commit hook,
and works without a CUDA toolkit too, against bundled declarations.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libclang reads clang's resource headers at run time (the CUDA runtime
# wrapper that -x cuda includes, __clang_cuda_builtin_vars.h that the
# bundled declarations include, cuda_wrappers/new: src/frontend/compat.c);
# Debian ships them in libclang-common-N-dev, which libclang1-N does not
# depend on. Without them every kernel fails to parse ("use of undeclared
# identifier 'threadIdx'"), so this is a dependency, not a recommendation.
# libclang itself is loaded with dlopen() on first use (a result-cache hit
# never loads it: src/frontend/clang_api.h), so dpkg-shlibdeps does not see
# it among the binary's libraries: libclang1-N is written here too.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang1-${CUDALINT_LLVM_VERSION}, libclang-common-${CUDALINT_LLVM_VERSION}-dev")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PROJECT_CONFIG_FILE ${DEBIAN_SRC}/cpack-checks.cmake)
include(CPack)
