import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which device this is: the name of the one folder of the store it writes.
/// `METROBUDDY_DEVICE` sets it; otherwise it is made by the first write and
/// kept outside the store (`$XDG_STATE_HOME/metrobuddy/device`), never to
/// travel with it: two devices with one id would both append to one log.
public struct DeviceIdentity: Sendable, Equatable {
  /// The id given by the environment, if any (not yet checked).
  public var override: String?
  /// The file that keeps the id.
  public var file: String
  /// The name recorded for this device when it first writes: the host name.
  public var defaultName: String
  /// The name the rider chose (`METROBUDDY_DEVICE_NAME`): recorded at the
  /// first write, and again at the next write whenever the log says another.
  public var chosenName: String?

  public init(
    override: String?, file: String, defaultName: String = DeviceIdentity.hostName(), chosenName: String? = nil
  ) {
    self.override = override
    self.file = file
    self.defaultName = chosenName ?? defaultName
    self.chosenName = chosenName
  }

  /// The longest id.
  public static let maximumLength = 64
  /// The longest id file read: an id, a newline and some white space.
  static let maximumFileLength = 1024

  /// Whether `id` is a device id: 1 to 64 letters, digits and `-`, starting
  /// with a letter or digit; the `upgrade-` prefix is kept for converted stores.
  public static func isValid(_ id: String, allowUpgrade: Bool = false) -> Bool {
    let bytes = id.utf8
    guard (1...maximumLength).contains(bytes.count), bytes.first != UInt8(ascii: "-") else { return false }
    guard
      bytes.allSatisfy({ byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
          true
        default: false
        }
      })
    else { return false }
    return allowUpgrade || !id.hasPrefix(StoreLayout.upgradePrefix)
  }

  /// The id if there is one already; never creates anything.
  package func existing(fileSystem: any FileSystem = LiveFileSystem()) throws(MetroError) -> String? {
    if let override {
      guard Self.isValid(override) else { throw .invalidDeviceID(override, source: .environment) }
      return override
    }
    // An id is short: a longer file is refused after reading a little of it.
    guard let read = try readBoundedFile(file, fileSystem: fileSystem, maximum: Self.maximumFileLength) else {
      return nil
    }
    guard read.isWhole else {
      throw .invalidDeviceID(
        String(decoding: read.bytes.prefix(Self.maximumLength + 1), as: UTF8.self), source: .file(file))
    }
    var text = String(decoding: read.bytes, as: UTF8.self)
    while text.last == "\n" || text.last == " " || text.last == "\r" { text.removeLast() }
    guard Self.isValid(text) else { throw .invalidDeviceID(text, source: .file(file)) }
    return text
  }

  /// The folder of ``file``; `nil` when there is no place for the id (no HOME).
  var folder: String? {
    guard file.hasPrefix("/"), let slash = file.lastIndex(of: "/"), slash != file.startIndex else { return nil }
    return String(file[..<slash])
  }

  /// The id, made and kept in ``file`` when there is none. First writes at
  /// once on a new machine make one id between them: a process that waited
  /// for the lock of the id's folder takes the id the first one kept.
  func resolve(fileSystem: any FileSystem) throws(MetroError) -> String {
    if let id = try existing(fileSystem: fileSystem) { return id }
    return try renew(fileSystem: fileSystem, unlessKept: true)
  }

  /// A new id (a lower-case UUID) in ``file``, replaced atomically and
  /// durably: this device continues as a new device. When it cannot be kept
  /// (no room, no permission, no home) this throws ``MetroError/deviceIDUnsaved(path:errno:)``:
  /// the old id stays, and the folders made go unless another process has
  /// put something in them. `unlessKept`: the id another process kept
  /// meanwhile, under the folder's lock, is taken instead.
  func renew(fileSystem: any FileSystem, unlessKept: Bool = false) throws(MetroError) -> String {
    guard let folder, let slash = file.lastIndex(of: "/") else { throw .deviceIDUnsaved(path: nil, errno: ENOENT) }
    var made: [String] = []
    do throws(MetroError) {
      do { try makeDirectories(folder, fileSystem: fileSystem, made: &made) } catch {
        throw MetroError.deviceIDUnsaved(path: file, errno: (error as? SystemCallError)?.errno ?? EIO)
      }
      var lock: FileLock?
      defer { lock?.release() }
      if unlessKept {
        lock = try FileLock.acquireDirectory(fileSystem: fileSystem, path: folder, timeout: 10)
        if let id = try existing(fileSystem: fileSystem) { return id }
      }
      let id = UUID().uuidString.lowercased()
      do {
        try AtomicFile(fileSystem: fileSystem, directory: folder).replace(
          String(file[file.index(after: slash)...]), with: Array((id + "\n").utf8),
          uniqueSuffix: "\(getpid())-\(id.prefix(8))")
      } catch {
        guard case .storeIO(_, _, let errno) = error else { throw error }
        throw .deviceIDUnsaved(path: file, errno: errno)
      }
      return id
    } catch {
      for directory in made.reversed() { try? fileSystem.removeDirectory(directory) }
      throw error
    }
  }

  /// The host name, or `device` when it cannot be read.
  public static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? "device" : name
  }
}

/// Where a device id that is not valid came from.
public enum DeviceIDSource: Sendable, Equatable {
  /// `METROBUDDY_DEVICE`.
  case environment
  /// The file that keeps the id.
  case file(String)
}
