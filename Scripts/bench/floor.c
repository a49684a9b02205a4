/*
 * The floor of the metrobuddy benchmark: the least work a durable swipe can
 * do on this machine, written in C with no parsing and no checks, so that
 * Scripts/bench.py can say how far `metrobuddy swipe` is above it.
 *
 *   floor DIR
 *
 * One run does what a metrobuddy write does to the files of its store:
 *   1. flock(2) DIR/lock, exclusively (the file is created if missing);
 *   2. read DIR/state.json whole (it is small; missing is fine) and fstat
 *      the card's journal, DIR/journal-1.jsonl;
 *   3. append one update line to the journal and fsync it (the commit point);
 *   4. write the new snapshot to a fresh temporary file (O_EXCL), fsync it,
 *      close it and rename it over DIR/state.json;
 *   5. fsync DIR, so the rename itself is on disk.
 * Exit 0 on success, 64 on a usage error, 74 when a call fails.
 *
 * Build: cc -O2 -o floor Scripts/bench/floor.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static const char update_line[] =
    "{\"seq\":2,\"type\":\"swipe\",\"amount\":\"-3.00\",\"balance\":\"17.00\","
    "\"id\":\"6F9619FF-8B86-D011-B42D-00C04FC964FF\",\"timestamp\":\"2026-11-21T08:00:00Z\","
    "\"crc\":\"00000000\"}\n";

static const char snapshot[] =
    "{\"format\":\"metrobuddy-state\",\"version\":1,\"default\":1,\"cards\":[{\"id\":1,"
    "\"name\":\"default\",\"balance\":\"17.00\",\"fare\":\"3.00\",\"currency\":\"USD\","
    "\"journalLength\":400,\"seq\":2}],\"crc\":\"00000000\"}\n";

/* Reports the failed call and returns the exit status for an I/O error. */
static int fail(const char *what, const char *path) {
  fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
  return 74;
}

/* Writes all of `length` bytes, retrying short writes and EINTR. */
static int write_fully(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, bytes, length);
    if (written < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    bytes += written;
    length -= (size_t)written;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: floor DIR\n");
    return 64;
  }
  const char *dir = argv[1];
  char lock_path[4096], state_path[4096], temp_path[4096], journal_path[4096];
  snprintf(lock_path, sizeof lock_path, "%s/lock", dir);
  snprintf(state_path, sizeof state_path, "%s/state.json", dir);
  snprintf(temp_path, sizeof temp_path, "%s/.state.json.%ld.tmp", dir, (long)getpid());
  snprintf(journal_path, sizeof journal_path, "%s/journal-1.jsonl", dir);

  int lock_fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock_fd < 0) return fail("open", lock_path);
  while (flock(lock_fd, LOCK_EX) != 0)
    if (errno != EINTR) return fail("flock", lock_path);

  char buffer[65536];
  int state_fd = open(state_path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (state_fd >= 0) {
    ssize_t got;
    while ((got = read(state_fd, buffer, sizeof buffer)) != 0)
      if (got < 0 && errno != EINTR) return fail("read", state_path);
    close(state_fd);
  } else if (errno != ENOENT) {
    return fail("open", state_path);
  }

  int journal_fd = open(journal_path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (journal_fd < 0) return fail("open", journal_path);
  struct stat journal_stat;
  if (fstat(journal_fd, &journal_stat) != 0) return fail("fstat", journal_path);
  if (write_fully(journal_fd, update_line, sizeof update_line - 1) != 0) return fail("write", journal_path);
  if (fsync(journal_fd) != 0) return fail("fsync", journal_path);
  if (close(journal_fd) != 0) return fail("close", journal_path);

  int temp_fd = open(temp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (temp_fd < 0) return fail("open", temp_path);
  if (write_fully(temp_fd, snapshot, sizeof snapshot - 1) != 0) return fail("write", temp_path);
  if (fsync(temp_fd) != 0) return fail("fsync", temp_path);
  if (close(temp_fd) != 0) return fail("close", temp_path);
  if (rename(temp_path, state_path) != 0) return fail("rename", state_path);

  int dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) return fail("open", dir);
  if (fsync(dir_fd) != 0) return fail("fsync", dir);
  close(dir_fd);
  close(lock_fd);
  return 0;
}
