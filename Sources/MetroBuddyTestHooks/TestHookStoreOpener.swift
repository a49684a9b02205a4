import MetroBuddyCLI
import MetroKit
import MetroTesting

/// Opens the store the way the reliability and scenario tests need, reading
/// its switches from the environment; only the `metrobuddy-testing`
/// executable and the test targets link this, never the shipped binary.
///
/// - `METROBUDDY_SCENARIO=NAME`: an in-memory store and a fixed clock from
///   `Scenarios/NAME.json`.
/// - `METROBUDDY_TEST_FAULTS=PLAN`: the file store over a
///   ``FaultInjectingFileSystem`` (`fsync:2:EIO,write:1:short`, `crash-before:…`).
/// - `METROBUDDY_TEST_NO_LOCK=1`: the file store without its lock, for the
///   control run that shows the concurrency test detects lost updates.
/// - `METROBUDDY_TEST_CLOCK_OFFSET=SECONDS`: the system clock moved by that
///   many seconds (negative: slow), for a device whose clock is wrong.
/// - `METROBUDDY_TEST_LOG_READS=FILE`: each read of a device's log appends
///   `BYTES PATH` to FILE (``LogReadRecorder``), to count what a command reads.
package struct TestHookStoreOpener: StoreOpening {
  /// Creates the opener.
  package init() {}

  /// Opens a scenario, or the file store with the requested faults and locking.
  package func open(_ request: StoreRequest) throws(StoreSetupError) -> OpenedStore {
    var environment = request.environment
    if let text = environment.value("METROBUDDY_TEST_CLOCK_OFFSET") {
      guard let offset = Double(text), offset.isFinite else {
        throw .invalidSetting("METROBUDDY_TEST_CLOCK_OFFSET is not a number of seconds: '\(text)'.")
      }
      let live = environment.clock
      environment.clock = Clock { live.now().addingTimeInterval(offset) }
    }
    if let name = environment.value("METROBUDDY_SCENARIO") {
      do {
        let scenario = try ScenarioLoader.packageScenarios.load(name)
        return OpenedStore(store: scenario.makeStore(timeZone: environment.timeZone), clock: scenario.clock)
      } catch {
        throw .invalidSetting(error.description)
      }
    }
    guard let directory = request.directory else { throw .noStoreLocation }
    var fileSystem: any FileSystem = LiveFileSystem()
    if let plan = environment.value("METROBUDDY_TEST_FAULTS") {
      guard let rules = FaultRule.parsePlan(plan) else {
        throw .invalidSetting("METROBUDDY_TEST_FAULTS is not a fault plan: '\(plan)'.")
      }
      fileSystem = FaultInjectingFileSystem(fileSystem, rules: rules)
    }
    if let file = environment.value("METROBUDDY_TEST_LOG_READS") {
      fileSystem = ForwardingFileSystem(fileSystem, hooks: LogReadRecorder(path: file, fileSystem: LiveFileSystem()))
    }
    let store = DeviceLogStore(
      directory: directory, identity: request.deviceIdentity, cacheDirectory: request.cacheDirectory,
      fileSystem: fileSystem, clock: environment.clock, timeZone: environment.timeZone,
      lockTimeout: request.lockTimeout,
      locking: environment.value("METROBUDDY_TEST_NO_LOCK") == "1" ? .disabledForTesting : .exclusive)
    return OpenedStore(store: store, clock: environment.clock, verifying: store)
  }
}
