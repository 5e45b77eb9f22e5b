// NARD_SANITIZED_BUILD: 1 in a build with ASan or TSan (g++ says so with __SANITIZE_ADDRESS__ and
// __SANITIZE_THREAD__, clang with __has_feature), else 0. The long property tests play fewer
// games there (sanitized code runs 5-20x slower) with the same checks.
#pragma once

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NARD_SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define NARD_SANITIZED_BUILD 1
#endif
#endif
#ifndef NARD_SANITIZED_BUILD
#define NARD_SANITIZED_BUILD 0
#endif
