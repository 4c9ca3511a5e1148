/*
 * tests/unit.h - what every host unit test of tests/ shares: EXPECT and
 * run(), which print one line per test, "PASS  <prefix>: name" or
 * "FAIL  <prefix>: name: why", the lines tests/run.sh counts.
 *
 * A test is a function returning 1 (pass) or 0; EXPECT fills `why` and
 * returns 0. main() ends with `return failures ? 1 : 0;`.
 * Define UNIT_PREFIX before including this file to change "host".
 * unit_xorshift draws the random cases of the tests that need them.
 */
#ifndef TESTS_UNIT_H
#define TESTS_UNIT_H

#include <stdint.h>
#include <stdio.h>

#ifndef UNIT_PREFIX
#define UNIT_PREFIX "host"
#endif

static int failures;
static char why[1024];

#define EXPECT(cond, ...)                                   \
    do {                                                    \
        if (!(cond)) {                                      \
            snprintf(why, sizeof why, __VA_ARGS__);         \
            return 0;                                       \
        }                                                   \
    } while (0)

/* xorshift (Marsaglia, "Xorshift RNGs", 2003): the next 32 bits from
 * *state, which must not be 0. A test keeps its own state, with a fixed
 * starting value, so its random cases repeat run after run. */
static inline uint32_t unit_xorshift(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (uint32_t)*state;
}

static void run(const char *name, int (*test)(void))
{
    why[0] = '\0';
    if (test()) {
        printf("PASS  " UNIT_PREFIX ": %s\n", name);
    } else {
        printf("FAIL  " UNIT_PREFIX ": %s: %s\n", name, why);
        failures++;
    }
}

#endif
