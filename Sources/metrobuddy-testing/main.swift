import Glibc
import MetroBuddyCLI
import MetroBuddyTestHooks

// metrobuddy with its test-only switches (METROBUDDY_SCENARIO, METROBUDDY_TEST_FAULTS,
// METROBUDDY_TEST_NO_LOCK, METROBUDDY_TEST_CLOCK_OFFSET, METROBUDDY_TEST_LOG_READS), for the end-to-end tests;
// never installed.
exit(ProcessSetup.runCommandLine(opening: TestHookStoreOpener()))
