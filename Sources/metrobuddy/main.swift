import Glibc
import MetroBuddyCLI

// Gathers the process's arguments, environment and streams, runs one command and exits.
exit(ProcessSetup.runCommandLine(opening: FileStoreOpener()))
