import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `watched-ids.json`: every card's watched update ids that reached the
/// store once, written and read a line at a time, never held whole (an
/// import of a million rows watches a million ids):
///
/// - a header line: `{"format":…,"version":…,"store":…,"generation":…}`;
/// - for each card, `{"card":ID,"devices":[…]}`, then a line per id:
///   `["ID",seconds,device,sequence,index,amount,undo]`, the device by its
///   place in the card's list and `undo` the undo's amount or `null`;
/// - a last line `{"count":N,"crc":"xxxxxxxx"}`: how many ids, and the
///   CRC-32 of every byte before it and of `{"count":N}`.
///
/// The ids are in the order the fold holds them, not sorted: the file is
/// derived data of one device, read back as a whole set.
extension FoldCache {
  /// The longest line read: a longer one is not this build's.
  static let maximumWatchedLine = 4096

  /// Whether any card has ids of one copy to save.
  static func hasSingles(_ cards: [FoldCard]) -> Bool {
    cards.contains { !$0.singles.isEmpty || $0.copies.values.contains { $0.copies.count == 1 } }
  }

  /// Writes `watched-ids.json` for `cards` (their ids of one copy) a stretch
  /// at a time; `false` when it could not be written.
  func saveSingles(_ cards: [FoldCard], generation: UInt64) -> Bool {
    replace(Self.watchedFileName) { write in
      var bytes: [UInt8] = []
      var crc: UInt32 = 0xFFFF_FFFF
      func flush(_ force: Bool = false) -> Bool {
        guard force || bytes.count >= 1 << 18 else { return true }
        crc = bytes.withUnsafeBufferPointer { Checksum.update(crc, $0) }
        guard write(bytes) else { return false }
        bytes.removeAll(keepingCapacity: true)
        return true
      }
      JSONWriter.write(
        .object([
          ("format", .string(Self.watchedFormatName)), ("version", .integer(Int64(Self.version))),
          ("store", .string(store)), ("generation", .string(String(generation, radix: 16))),
        ]), to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
      var count = 0
      for entry in cards {
        let unpacked = entry.copies.filter { $0.value.copies.count == 1 }
        guard !entry.singles.isEmpty || !unpacked.isEmpty else { continue }
        var devices = entry.singles.devices
        var numbers = Dictionary(uniqueKeysWithValues: devices.enumerated().map { ($1, $0) })
        for watched in unpacked.values where numbers[watched.copies[0].order.device] == nil {
          numbers[watched.copies[0].order.device] = devices.count
          devices.append(watched.copies[0].order.device)
        }
        JSONWriter.write(
          .object([("card", .string(entry.id)), ("devices", .array(devices.map { .string($0) }))]), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        var failed = false
        func line(_ id: UUID, _ copy: UpdateCopy) {
          guard !failed else { return }
          bytes += #"[""#.utf8
          bytes += id.canonicalString.utf8
          bytes += #"","#.utf8
          for number in [
            Self.seconds(copy.order.time), Int64(numbers[copy.order.device]!), Int64(copy.order.sequence),
            Int64(copy.order.index), copy.amount.minorUnits,
          ] {
            bytes += String(number).utf8
            bytes.append(UInt8(ascii: ","))
          }
          bytes += (copy.undoAmount.map { String($0.minorUnits) } ?? "null").utf8
          bytes += "]\n".utf8
          count += 1
          if !flush() { failed = true }
        }
        entry.singles.forEachCopy(line)
        for (id, watched) in unpacked { line(id, watched.copies[0]) }
        if failed { return false }
      }
      guard flush(true) else { return false }
      JSONWriter.write(.object([("count", .integer(Int64(count)))]), to: &bytes)
      crc = bytes.withUnsafeBufferPointer { Checksum.update(crc, $0) }
      Checksum.seal(&bytes, crc: crc)
      bytes.append(UInt8(ascii: "\n"))
      return write(bytes)
    } != nil
  }

  /// Reads `watched-ids.json` of `fold`'s generation into its cards, a
  /// line at a time; `false` when it is not there as saved with it (then
  /// nothing is kept and the logs are folded again).
  func loadSingles(into fold: inout StoreFold) -> Bool {
    let path = folder + "/" + Self.watchedFileName
    guard let descriptor = try? fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW, mode: 0) else {
      return false
    }
    defer { try? fileSystem.close(descriptor, path: path) }
    var reader = SinglesReader(cache: self, generation: fold.reloadKeysGeneration, fold: fold)
    var offset: Int64 = 0
    var carried: [UInt8] = []
    while true {
      guard let chunk = try? fileSystem.read(descriptor, path: path, offset: offset, count: 1 << 16) else {
        return false
      }
      if chunk.isEmpty { break }
      offset += Int64(chunk.count)
      carried += chunk
      var start = carried.startIndex
      while let newline = carried[start...].firstIndex(of: UInt8(ascii: "\n")) {
        guard reader.read(carried[start...newline]) else { return false }
        start = newline + 1
      }
      carried.removeSubrange(..<start)
      guard carried.count <= Self.maximumWatchedLine else { return false }
    }
    guard carried.isEmpty, reader.isComplete else { return false }
    fold = reader.fold
    return true
  }
}

/// Reads `watched-ids.json` a line at a time (``FoldCache/loadSingles(into:)``).
private struct SinglesReader {
  let cache: FoldCache
  let generation: UInt64
  var fold: StoreFold
  private var crc: UInt32 = 0xFFFF_FFFF
  private var headerRead = false
  private var card: Int?
  private var devices: [String] = []
  private var count = 0
  private(set) var isComplete = false

  init(cache: FoldCache, generation: UInt64, fold: StoreFold) {
    self.cache = cache
    self.generation = generation
    self.fold = fold
  }

  /// Reads one line (with its newline); `false` when it is not what the
  /// file holds at this place.
  mutating func read(_ whole: ArraySlice<UInt8>) -> Bool {
    let line = whole.dropLast()
    guard !isComplete, line.count <= FoldCache.maximumWatchedLine else { return false }
    if headerRead, line.first == UInt8(ascii: "[") {
      guard readCopy(line) else { return false }
    } else {
      guard let value = try? JSONParser.parse(line) else { return false }
      if !headerRead {
        guard case .string(FoldCache.watchedFormatName)? = value["format"],
          case .integer(Int64(FoldCache.version))? = value["version"], case .string(cache.store)? = value["store"],
          case .string(String(generation, radix: 16))? = value["generation"]
        else { return false }
        headerRead = true
      } else if case .string(let id)? = value["card"] {
        guard let position = fold.index(ofCard: id), case .array(let names)? = value["devices"] else { return false }
        devices = []
        for name in names {
          guard case .string(let device) = name else { return false }
          devices.append(device)
        }
        card = position
      } else {
        // The last line: the count and the seal of everything before.
        var expected: [UInt8] = []
        JSONWriter.write(.object([("count", .integer(Int64(count)))]), to: &expected)
        let sealed = expected.withUnsafeBufferPointer { Checksum.update(crc, $0) }
        Checksum.seal(&expected, crc: sealed)
        guard line.elementsEqual(expected) else { return false }
        isComplete = true
        return true
      }
    }
    crc = whole.withUnsafeBufferPointer { Checksum.update(crc, $0) }
    return true
  }

  /// One id with its copy: `["ID",seconds,device,sequence,index,amount,undo]`.
  private mutating func readCopy(_ line: ArraySlice<UInt8>) -> Bool {
    guard let card, line.count > 41, line[line.startIndex + 1] == UInt8(ascii: "\""),
      line[line.startIndex + 38] == UInt8(ascii: "\""), line[line.startIndex + 39] == UInt8(ascii: ","),
      line.last == UInt8(ascii: "]"),
      let id = UUID(canonical: String(decoding: line[(line.startIndex + 2)..<(line.startIndex + 38)], as: UTF8.self))
    else { return false }
    let fields = line[(line.startIndex + 40)..<(line.endIndex - 1)].split(
      separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    guard fields.count == 6 else { return false }
    var numbers: [Int64] = []
    for field in fields.prefix(5) {
      guard let number = Self.integer(field) else { return false }
      numbers.append(number)
    }
    let undo: Money?
    if fields[5].elementsEqual("null".utf8) {
      undo = nil
    } else {
      guard let amount = Self.integer(fields[5]) else { return false }
      undo = Money(minorUnits: amount)
    }
    let time = Date(timeIntervalSince1970: Double(numbers[0]))
    guard Timestamp.isRecordable(time), numbers[1] >= 0, numbers[1] < devices.count, numbers[2] >= 0, numbers[3] >= 0,
      fold.cards[card].watched(id) == nil
    else { return false }
    let copy = UpdateCopy(
      order: EventOrder(
        time: time, device: devices[Int(numbers[1])], sequence: Int(numbers[2]), index: Int(numbers[3])),
      amount: Money(minorUnits: numbers[4]), undoAmount: undo)
    fold.cards[card].keepWatched(WatchedUpdate(copies: [copy]), for: id)
    count += 1
    return true
  }

  /// A decimal integer as ``String(_:)`` writes it; `nil` for anything else.
  private static func integer(_ digits: ArraySlice<UInt8>) -> Int64? {
    guard !digits.isEmpty, digits.count <= 20 else { return nil }
    return Int64(String(decoding: digits, as: UTF8.self))
  }
}
