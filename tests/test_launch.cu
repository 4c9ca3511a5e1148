/*
 * test_launch.cu - common/launch.h's checks, no GPU needed (a check takes
 * CUDA's error code, so a failure can be handed to it): outside a library
 * call a failed check prints CUDA's error and exits with TP_EXIT_FAIL, as
 * the chapters always did; inside one (soft) it keeps the first failure,
 * with its call and place, and returns; cudaSuccess changes nothing; the
 * stream of TP_STREAM is the thread's own.
 *
 * Prints one line per test, "PASS  launch: name" or "FAIL  launch: name:
 * why", which tests/run.sh counts. Exit status 1 if any test failed.
 */
#include <pthread.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"   /* TP_EXIT_FAIL */
#include "launch.h"

#define UNIT_PREFIX "launch"
#include "unit.h"   /* EXPECT, run(), failures */

/* A failed check outside a library call: the child exits TP_EXIT_FAIL
 * and says which error. */
static int test_hard_exits(void)
{
    int fd[2], status;
    char said[512] = "";
    pid_t pid;
    EXPECT(pipe(fd) == 0, "no pipe");
    pid = fork();
    EXPECT(pid >= 0, "no fork");
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        CHECK_CUDA(cudaErrorInvalidValue);
        _exit(0);   /* reached only if the check let it pass */
    }
    close(fd[1]);
    (void)!read(fd[0], said, sizeof said - 1);
    close(fd[0]);
    waitpid(pid, &status, 0);
    EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == TP_EXIT_FAIL,
           "the failed check did not exit %d (status %d)", TP_EXIT_FAIL, status);
    EXPECT(strstr(said, "cudaErrorInvalidValue") != NULL && strstr(said, "test_launch.cu") != NULL,
           "it said \"%s\"", said);
    return 1;
}

/* Inside a library call: the first failure kept, the program goes on. */
static int test_soft_keeps(void)
{
    tp_launch_state *s = tp_launch_here();
    s->soft = 1;
    s->error = cudaSuccess;
    CHECK_CUDA(cudaSuccess);
    EXPECT(s->error == cudaSuccess, "cudaSuccess was kept as a failure");
    CHECK_CUDA(cudaErrorInvalidValue);
    CHECK_CUDA(cudaErrorMemoryAllocation);
    s->soft = 0;
    EXPECT(s->error == cudaErrorInvalidValue, "kept %d, not the first failure", (int)s->error);
    EXPECT(strstr(s->where, "cudaErrorInvalidValue") != NULL &&
               strstr(s->where, "test_launch.cu") != NULL,
           "where: \"%s\"", s->where);
    s->error = cudaSuccess;
    return 1;
}

typedef struct {
    tp_launch_state *first;   /* the first thread's settings */
    int clean;                /* the other thread's are its own, at their defaults */
} two_threads;

static void *other_thread(void *arg)
{
    two_threads *t = (two_threads *)arg;
    tp_launch_state *s = tp_launch_here();
    t->clean = s != t->first && s->stream == 0 && s->soft == 0;
    return NULL;
}

/* Settings are per thread: a stream and soft mode set here are not
 * another thread's; the chapters' default is stream 0. */
static int test_per_thread(void)
{
    tp_launch_state *s = tp_launch_here();
    pthread_t t;
    two_threads both = { s, 0 };
    EXPECT(TP_STREAM == 0, "the default stream is not 0");
    s->stream = (cudaStream_t)(uintptr_t)0x1234;
    s->soft = 1;
    EXPECT(pthread_create(&t, NULL, other_thread, &both) == 0, "no thread");
    pthread_join(t, NULL);
    EXPECT(TP_STREAM == (cudaStream_t)(uintptr_t)0x1234, "TP_STREAM is not this thread's stream");
    s->stream = 0;
    s->soft = 0;
    EXPECT(both.clean, "another thread saw this thread's stream or soft mode");
    return 1;
}

int main(void)
{
    run("a failed check outside a library call exits 1 and names the error", test_hard_exits);
    run("inside a library call the first failure is kept, and the program goes on",
        test_soft_keeps);
    run("the stream and soft mode are the calling thread's", test_per_thread);
    return failures ? 1 : 0;
}
