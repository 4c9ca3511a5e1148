/*
 * tests/unit.h - what every host unit test of tests/ shares: EXPECT and
 * run(), which print one line per test, "PASS  <prefix>: name" or
 * "FAIL  <prefix>: name: why", the lines tests/run.sh counts.
 *
 * A test is a function returning 1 (pass) or 0; EXPECT fills `why` and
 * returns 0. main() ends with `return failures ? 1 : 0;`.
 * Define UNIT_PREFIX before including this file to change "host".
 */
#ifndef TESTS_UNIT_H
#define TESTS_UNIT_H

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
