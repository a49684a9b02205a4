/*
 * Runs a command and writes its peak resident set size, in KiB, to a file:
 * what Scripts/bench.py reports as peak memory.
 *
 *   peak OUT COMMAND [ARGUMENT...]
 *
 * Linux carries a process's largest resident set across exec, so a command
 * started straight from Python would report at least Python's own (about
 * 16 MiB). Forked from this small program instead, the figure starts from
 * this program's size (under 1 MiB here) and is the command's own above it.
 * Exit: the command's status (128 + the signal when killed), 64 on a usage
 * error, 71 when it cannot be started, 74 when OUT cannot be written.
 *
 * Build: cc -O2 -o peak Scripts/bench/peak.c
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: peak OUT COMMAND [ARGUMENT...]\n");
    return 64;
  }
  pid_t child = fork();
  if (child < 0) {
    perror("peak: fork");
    return 71;
  }
  if (child == 0) {
    execvp(argv[2], argv + 2);
    perror("peak: exec");
    _exit(71);
  }
  int status = 0;
  struct rusage usage;
  if (wait4(child, &status, 0, &usage) < 0) {
    perror("peak: wait4");
    return 71;
  }
  FILE *out = fopen(argv[1], "w");
  if (out == NULL || fprintf(out, "%ld\n", usage.ru_maxrss) < 0 || fclose(out) != 0) {
    perror("peak: OUT");
    return 74;
  }
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
