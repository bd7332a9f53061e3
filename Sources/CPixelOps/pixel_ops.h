// Two machine-level operations the rasterizer's inner loops need and Swift does not spell without
// traps or unofficial attributes: float-to-integer conversion that clamps instead of trapping, and
// a cache prefetch hint. Header-only `static inline` functions, so Swift callers inline them.
#ifndef LAYERSCOPE_PIXEL_OPS_H
#define LAYERSCOPE_PIXEL_OPS_H

#include <stdint.h>

// `x` toward zero, clamped to 0...255; NaN gives 0 (the comparisons are false for NaN).
static inline int32_t ls_truncate_byte(float x) {
    float lo = x > 0.0f ? x : 0.0f;
    float clamped = lo < 255.0f ? lo : 255.0f;
    return (int32_t)clamped;
}

// `x` toward zero, clamped to the `int32_t` range (2147483520 is the largest float below 2^31);
// NaN gives 0.
static inline int32_t ls_truncate_int32(float x) {
    if (!(x == x)) return 0;
    float lo = x > -2147483648.0f ? x : -2147483648.0f;
    float clamped = lo < 2147483520.0f ? lo : 2147483520.0f;
    return (int32_t)clamped;
}

// `x` toward zero, clamped to the `int64_t` range (9223372036854774784 is the largest double below
// 2^63); NaN gives 0.
static inline int64_t ls_truncate_int64(double x) {
    if (!(x == x)) return 0;
    double lo = x > -9223372036854775808.0 ? x : -9223372036854775808.0;
    double clamped = lo < 9223372036854774784.0 ? lo : 9223372036854774784.0;
    return (int64_t)clamped;
}

// Start loading the cache line holding `address`, for reading or for writing; a hint that
// never faults and never changes a result.
static inline void ls_prefetch_read(const void *address) { __builtin_prefetch(address, 0, 3); }
static inline void ls_prefetch_write(const void *address) { __builtin_prefetch(address, 1, 3); }

#endif
