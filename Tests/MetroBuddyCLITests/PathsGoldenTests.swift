import Foundation
import MetroBuddyCLI
import Testing

@testable import MetroKit

/// `metrobuddy paths`, run in-process with a HOME in the test's own folder:
/// the exact text in English, Spanish and Italian, the bare paths and JSON a
/// script reads, the settings for a crontab, and the errors, all creating
/// nothing (decision 95).
@Suite("paths (golden)")
final class PathsGoldenTests {
  let root: String
  var home: String { root + "/home" }

  init() {
    var template = Array("/tmp/metrobuddy-paths-XXXXXX".utf8CString)
    root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// `metrobuddy ARGUMENTS` with HOME in the test's folder and `variables`.
  func run(_ arguments: String..., variables: [String: String] = [:]) -> Invocation {
    var output = Capture()
    var errors = Capture()
    let status = MetroBuddy.run(
      arguments: arguments,
      environment: Environment(
        variables: ["HOME": home].merging(variables) { _, given in given }, clock: .constant(Date()),
        timeZone: .utc),
      output: &output, errors: &errors)
    return Invocation(stdout: output.text, stderr: errors.text, status: status)
  }

  /// The three XDG variables, each naming a folder under the test's folder.
  var xdg: [String: String] {
    ["XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state", "XDG_CACHE_HOME": root + "/cache"]
  }

  @Test(
    "the folders, what each holds, in each language",
    arguments: [
      (
        "en_US.UTF-8",
        [
          "your cards and every device's log: synchronise this folder",
          "this device's id and where its log ended: never synchronise it",
          "this device's cache, rebuilt when missing: never synchronise it",
        ]
      ),
      (
        "es_ES.UTF-8",
        [
          "sus tarjetas y el registro de cada dispositivo: sincronice esta carpeta",
          "el identificador de este dispositivo y dónde acabó su registro: no la sincronice nunca",
          "la caché de este dispositivo, que se rehace si falta: no la sincronice nunca",
        ]
      ),
      (
        "it_IT.UTF-8",
        [
          "le tue carte e il registro di ogni dispositivo: sincronizza questa cartella",
          "l'identificativo di questo dispositivo e dove finiva il suo registro: non sincronizzarla mai",
          "la cache di questo dispositivo, ricostruita se manca: non sincronizzarla mai",
        ]
      ),
    ])
  func table(language: String, purposes: [String]) throws {
    #expect(
      run("paths", variables: ["LANG": language])
        == Invocation(
          stdout: """
            store  \(home)/.local/share/metrobuddy  \(purposes[0])
            state  \(home)/.local/state/metrobuddy  \(purposes[1])
            cache  \(home)/.cache/metrobuddy        \(purposes[2])

            """, stderr: "", status: 0))
    #expect(
      run("paths", variables: xdg.merging(["LANG": language]) { $1 })
        == Invocation(
          stdout: """
            store  \(root)/data/metrobuddy   \(purposes[0])
            state  \(root)/state/metrobuddy  \(purposes[1])
            cache  \(root)/cache/metrobuddy  \(purposes[2])

            """, stderr: "", status: 0))
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty, "paths created nothing")
  }

  @Test("one folder alone, for a script; --store, METROBUDDY_STORE and XDG_DATA_HOME in that order")
  func oneFolder() {
    #expect(run("paths", "store") == Invocation(stdout: home + "/.local/share/metrobuddy\n", stderr: "", status: 0))
    #expect(
      run("paths", "state", variables: xdg) == Invocation(stdout: root + "/state/metrobuddy\n", stderr: "", status: 0))
    #expect(
      run("paths", "cache", variables: xdg) == Invocation(stdout: root + "/cache/metrobuddy\n", stderr: "", status: 0))
    #expect(run("paths", "store", variables: xdg).stdout == root + "/data/metrobuddy\n")
    let given = xdg.merging(["METROBUDDY_STORE": root + "/env-store"]) { $1 }
    #expect(run("paths", "store", variables: given).stdout == root + "/env-store\n")
    #expect(run("--store", root + "/flag-store", "paths", "store", variables: given).stdout == root + "/flag-store\n")
    // A relative --store is the folder in the working directory: printed absolute, for cron.
    let cwd = FileManager.default.currentDirectoryPath
    #expect(run("paths", "store", "--store", "mine").stdout == (cwd == "/" ? "" : cwd) + "/mine\n")
    // Relative XDG variables are ignored, as the store ignores them.
    let relative = ["XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state", "XDG_CACHE_HOME": "cache"]
    #expect(run("paths", "state", variables: relative).stdout == home + "/.local/state/metrobuddy\n")
    #expect(run("paths", "cache", variables: relative).stdout == home + "/.cache/metrobuddy\n")
  }

  @Test("--json: an object of the folders, or of the one asked for")
  func json() {
    #expect(
      run("--json", "paths", variables: xdg)
        == Invocation(
          stdout: """
            {
              "store": "\(root)/data/metrobuddy",
              "state": "\(root)/state/metrobuddy",
              "cache": "\(root)/cache/metrobuddy"
            }

            """, stderr: "", status: 0))
    #expect(
      run("paths", "--json", "state", variables: xdg).stdout == """
        {
          "state": "\(root)/state/metrobuddy"
        }

        """)
  }

  @Test("--env: the settings for a crontab, absolute, quoted only when sh needs it")
  func env() throws {
    #expect(
      run("paths", "--env")
        == Invocation(
          stdout: """
            METROBUDDY_STORE=\(home)/.local/share/metrobuddy
            XDG_STATE_HOME=\(home)/.local/state
            XDG_CACHE_HOME=\(home)/.cache

            """, stderr: "", status: 0))
    #expect(
      run("paths", "--env", variables: xdg.merging(["METROBUDDY_DEVICE": "laptop"]) { $1 }).stdout == """
        METROBUDDY_STORE=\(root)/data/metrobuddy
        XDG_STATE_HOME=\(root)/state
        XDG_CACHE_HOME=\(root)/cache
        METROBUDDY_DEVICE=laptop

        """)
    #expect(
      run("--store", root + "/my store's", "paths", "--env").stdout.split(separator: "\n").first
        == "METROBUDDY_STORE='\(root)/my store'\\''s'")
    #expect(
      run("--json", "paths", "--env").stdout == """
        {
          "METROBUDDY_STORE": "\(home)/.local/share/metrobuddy",
          "XDG_STATE_HOME": "\(home)/.local/state",
          "XDG_CACHE_HOME": "\(home)/.cache"
        }

        """)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty, "paths created nothing")
  }

  @Test(
    "a wrong folder name, a name with --env, and no HOME: exit 64 in each language",
    arguments: [
      (
        "en_US.UTF-8",
        [
          "Error: Invalid value for '<folder>': 'stash'; use store, state or cache.",
          "Error: Unexpected argument 'store'.",
          "Error: Cannot find this device's state folder: HOME is not set to an absolute path. Set HOME or XDG_STATE_HOME to one.",
          "Error: Cannot find this device's cache folder: HOME is not set to an absolute path. Set HOME or XDG_CACHE_HOME to one.",
        ]
      ),
      (
        "es_ES.UTF-8",
        [
          "Error: Valor no válido para '<carpeta>': 'stash'; use store, state o cache.",
          "Error: Argumento inesperado 'store'.",
          "Error: No se encuentra la carpeta de estado de este dispositivo: HOME no está definida con una ruta absoluta. Defina HOME o XDG_STATE_HOME con una.",
          "Error: No se encuentra la carpeta de caché de este dispositivo: HOME no está definida con una ruta absoluta. Defina HOME o XDG_CACHE_HOME con una.",
        ]
      ),
      (
        "it_IT.UTF-8",
        [
          "Errore: Valore non valido per '<cartella>': 'stash'; usa store, state o cache.",
          "Errore: Argomento inatteso 'store'.",
          "Errore: Impossibile trovare la cartella di stato di questo dispositivo: HOME non è impostata su un percorso assoluto. Imposta HOME o XDG_STATE_HOME su uno.",
          "Errore: Impossibile trovare la cartella della cache di questo dispositivo: HOME non è impostata su un percorso assoluto. Imposta HOME o XDG_CACHE_HOME su uno.",
        ]
      ),
    ])
  func errors(language: String, messages: [String]) throws {
    let lang = ["LANG": language]
    let results = [
      run("paths", "stash", variables: lang), run("paths", "--env", "store", variables: lang),
      run("paths", "state", variables: lang.merging(["HOME": "", "METROBUDDY_STORE": root + "/s"]) { $1 }),
      run(
        "paths", variables: lang.merging(["HOME": "", "METROBUDDY_STORE": root + "/s", "XDG_STATE_HOME": root]) { $1 }),
    ]
    for (result, message) in zip(results, messages) {
      #expect(result.status == 64 && result.stdout.isEmpty, "\(result)")
      #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty, "paths created nothing")
  }
}
