import Foundation
import Testing

/// Where the store lands, under cron's bare environment and with
/// XDG_DATA_HOME, METROBUDDY_STORE and --store.
@Suite("Store location")
struct StoreLocationTests {
  @Test("under cron (only HOME, SHELL, LOGNAME) the store is $HOME/.local/share/metrobuddy, 0700 with 0600 files")
  func cronEnvironment() throws {
    let sandbox = try Sandbox()
    let cron = ["HOME": sandbox.home, "SHELL": "/bin/sh", "LOGNAME": "metrobuddy-test"]

    let reload = try sandbox.run(["reload", "33", "--key", "monthly-2026-11"], environment: cron)
    #expect(reload.status == 0, "\(reload)")
    #expect(reload.stderr.isEmpty, "\(reload)")

    let store = sandbox.home + "/.local/share/metrobuddy"
    #expect(permissions(store) == 0o700, "mode of \(store): \(String(permissions(store) ?? 0, radix: 8))")
    // Only this device's folder and its append-only log: no state.json, lock or journals.
    #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["devices"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: store + "/devices") == [try sandbox.deviceID()])
    #expect(exists(try sandbox.deviceLog(in: store)))
    for path in try everything(under: store) {
      let mode = permissions(path)
      #expect(mode == (isDirectory(path) ? 0o700 : 0o600), "mode of \(path): \(String(mode ?? 0, radix: 8))")
    }

    let show = try sandbox.run(["show", "--json"], environment: cron)
    #expect(show.status == 0, "\(show)")
    #expect(try parseJSONObject(show.stdout)["balance"] as? String == "33.00")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.workingDirectory).isEmpty)
  }

  @Test("an absolute XDG_DATA_HOME holds the store in $XDG_DATA_HOME/metrobuddy")
  func absoluteXDGDataHome() throws {
    let sandbox = try Sandbox()
    let data = sandbox.root + "/xdg-data"
    let environment = ["HOME": sandbox.home, "XDG_DATA_HOME": data, "TZ": "UTC"]

    let reload = try sandbox.run(["reload", "5"], environment: environment)
    #expect(reload.status == 0, "\(reload)")
    #expect(exists(try sandbox.deviceLog(in: data + "/metrobuddy")))
    #expect(permissions(data + "/metrobuddy") == 0o700)
    // The device id is state, not data: it stays in $HOME/.local/state.
    #expect(!exists(sandbox.home + "/.local/share"))
  }

  @Test("a relative XDG_DATA_HOME is ignored")
  func relativeXDGDataHome() throws {
    let sandbox = try Sandbox()
    let environment = ["HOME": sandbox.home, "XDG_DATA_HOME": "relative/data", "TZ": "UTC"]

    let reload = try sandbox.run(["reload", "5"], environment: environment)
    #expect(reload.status == 0, "\(reload)")
    #expect(exists(try sandbox.deviceLog(in: sandbox.home + "/.local/share/metrobuddy")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.workingDirectory).isEmpty)
  }

  /// A relative HOME names no folder: not the store, not this device's
  /// state, not its cache. Before, the store and the cache were placed
  /// under it, relative to the working directory, and the state was not.
  @Test("a relative HOME names no folder, and nothing is written in the working directory")
  func relativeHome() throws {
    let sandbox = try Sandbox()
    let environment = ["HOME": "relative/home", "TZ": "UTC"]
    let show = try sandbox.run(["show"], environment: environment)
    #expect(show.status == 64, "\(show)")
    #expect(
      show.stderr.hasPrefix(
        "Error: Cannot find the store: HOME is not set to an absolute path. Pass --store <dir> or set METROBUDDY_STORE."
      ),
      "\(show.stderr)")
    let store = sandbox.root + "/store"
    let reload = try sandbox.run(["--store", store, "reload", "5"], environment: environment)
    #expect(reload.status != 0, "\(reload)")
    let read = try sandbox.run(["--store", store, "show"], environment: environment)
    #expect(read.status == 0, "\(read)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.workingDirectory).isEmpty)
  }

  @Test("--store beats METROBUDDY_STORE, which beats XDG_DATA_HOME")
  func precedence() throws {
    let sandbox = try Sandbox()
    let flag = sandbox.root + "/flag"
    let variable = sandbox.root + "/variable"
    let data = sandbox.root + "/xdg-data"
    let environment = ["HOME": sandbox.home, "XDG_DATA_HOME": data, "METROBUDDY_STORE": variable, "TZ": "UTC"]

    let withFlag = try sandbox.run(["reload", "1", "--store", flag], environment: environment)
    #expect(withFlag.status == 0, "\(withFlag)")
    #expect(exists(try sandbox.deviceLog(in: flag)))
    #expect(!exists(variable))
    #expect(!exists(data))

    let withVariable = try sandbox.run(["reload", "2"], environment: environment)
    #expect(withVariable.status == 0, "\(withVariable)")
    #expect(exists(try sandbox.deviceLog(in: variable)))
    #expect(!exists(data))

    var withoutVariable = environment
    withoutVariable["METROBUDDY_STORE"] = nil
    let withXDG = try sandbox.run(["reload", "3"], environment: withoutVariable)
    #expect(withXDG.status == 0, "\(withXDG)")
    #expect(exists(try sandbox.deviceLog(in: data + "/metrobuddy")))
    #expect(!exists(sandbox.home + "/.local/share"))

    // Each store got only its own reload.
    for (store, balance) in [(flag, "1.00"), (variable, "2.00"), (data + "/metrobuddy", "3.00")] {
      let show = try sandbox.run(["show", "--json", "--store", store], environment: ["HOME": sandbox.home])
      #expect(try parseJSONObject(show.stdout)["balance"] as? String == balance, "\(store): \(show)")
    }
  }
}
