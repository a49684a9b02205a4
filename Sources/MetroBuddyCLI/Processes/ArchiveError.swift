/// A zip to import whose CSV could not be read; nothing was imported.
///
/// The CLI's own error, not MetroKit's: the CLI runs `unzip` and hands
/// MetroKit only the CSV.
struct ArchiveError: Error, Equatable {
  /// The archive, as given on the command line.
  var path: String
  /// How reading it failed.
  var problem: UnzipRunner.Failure
}
