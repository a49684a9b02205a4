import MetroKit

/// What a run knows when it opens its store: the directory the options and
/// environment name, the lock timeout, and the process's environment.
package struct StoreRequest: Sendable {
  /// The store directory from `--store`, `METROBUDDY_STORE`, `XDG_DATA_HOME` or
  /// `HOME`; `nil` when none of them names one.
  package var directory: String?
  /// How long a write waits for another writer, in seconds.
  package var lockTimeout: Double
  /// The process's environment (variables, clock, time zone).
  package var environment: Environment
}

/// A store, and the clock to read "now" from while using it.
package struct OpenedStore {
  /// The store the command works on.
  package var store: any MetroCardDataStore
  /// The clock; a scenario fixes it, the file store uses the environment's.
  package var clock: Clock
  /// The same store when it can check its own files (`verify`, and the
  /// warning about a store others can write to). The opener knows the store's
  /// type, so no command asks the runtime whether the store conforms: that
  /// question scans every conformance record of the binary (DECISIONS §40).
  package var verifying: (any StoreVerifying)?

  /// Pairs a store with its clock.
  package init(store: any MetroCardDataStore, clock: Clock, verifying: (any StoreVerifying)? = nil) {
    self.store = store
    self.clock = clock
    self.verifying = verifying
  }
}

/// Why a store could not be opened.
package enum StoreSetupError: Error, Sendable, Equatable {
  /// Neither an option nor the environment names a store directory.
  case noStoreLocation
  /// A developer setting (only test builds read any) is wrong; the text says how.
  case invalidSetting(String)
}

/// Opens the store for one run. The shipped binary uses ``FileStoreOpener``;
/// a test build passes one that also honours its test-only switches, so the
/// CLI library itself has none.
package protocol StoreOpening: Sendable {
  /// Opens the store `request` describes.
  func open(_ request: StoreRequest) throws(StoreSetupError) -> OpenedStore
}

extension StoreRequest {
  /// This device: `METROBUDDY_DEVICE`, else the id kept in ``stateDirectory``.
  package var deviceIdentity: DeviceIdentity {
    DeviceIdentity(
      override: environment.value("METROBUDDY_DEVICE"), file: stateDirectory.map { $0 + "/device" } ?? "",
      defaultName: DeviceIdentity.hostName(),
      chosenName: environment.value("METROBUDDY_DEVICE_NAME").flatMap { $0.isEmpty ? nil : $0 })
  }

  /// The folder of every program's state: an absolute `XDG_STATE_HOME`,
  /// else `~/.local/state` with an absolute HOME; `nil` without either.
  package var stateHome: String? {
    // Without an absolute XDG_STATE_HOME or HOME there is no place for the
    // id: none yet, and the first write says so, never a path relative to
    // the working directory or under `/`.
    if let directory = environment.value("XDG_STATE_HOME"), directory.hasPrefix("/") { return directory }
    if let home = environment.home { return home + "/.local/state" }
    return nil
  }

  /// Where this device keeps its id and where its logs ended:
  /// `$XDG_STATE_HOME/metrobuddy` (or `~/.local/state/metrobuddy`).
  package var stateDirectory: String? { stateHome.map { $0 + "/metrobuddy" } }

  /// The folder of every program's caches: an absolute `XDG_CACHE_HOME`,
  /// else `~/.cache` with an absolute HOME; `nil` without either.
  package var cacheHome: String? {
    if let directory = environment.value("XDG_CACHE_HOME"), directory.hasPrefix("/") { return directory }
    return environment.home.map { $0 + "/.cache" }
  }

  /// Where this device keeps its caches: `$XDG_CACHE_HOME/metrobuddy`
  /// (or `~/.cache/metrobuddy`); `nil` without either.
  package var cacheDirectory: String? { cacheHome.map { $0 + "/metrobuddy" } }
}

/// The store of device logs in the requested directory, locked as always.
package struct FileStoreOpener: StoreOpening {
  /// Creates the opener.
  package init() {}

  /// Opens the store in `request.directory`.
  package func open(_ request: StoreRequest) throws(StoreSetupError) -> OpenedStore {
    guard let directory = request.directory else { throw .noStoreLocation }
    let environment = request.environment
    let store = DeviceLogStore(
      directory: directory, identity: request.deviceIdentity, cacheDirectory: request.cacheDirectory,
      clock: environment.clock, timeZone: environment.timeZone, lockTimeout: request.lockTimeout)
    return OpenedStore(store: store, clock: environment.clock, verifying: store)
  }
}

/// A store a test passes to ``MetroBuddy/run(arguments:environment:output:errors:store:opening:)``,
/// used as it is: no directory, lock timeout or device.
struct GivenStoreOpener: StoreOpening {
  /// The store.
  let store: any MetroCardDataStore

  /// The store, with the environment's clock; asked at run time whether it verifies.
  func open(_ environment: Environment) -> OpenedStore {
    OpenedStore(store: store, clock: environment.clock, verifying: store as? any StoreVerifying)
  }

  /// The store, with the request's clock.
  func open(_ request: StoreRequest) throws(StoreSetupError) -> OpenedStore {
    open(request.environment)
  }
}
