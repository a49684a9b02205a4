import FoundationEssentials

/// The watched update ids of one card that reached the store once, each
/// with its one copy, packed: 32 bytes a copy in blocks of a fixed size,
/// and a table of 4-byte places to find them by id, instead of a
/// dictionary entry holding an array (about 170 bytes). An import watches
/// every row it records (§43), so a card may hold a million of them.
///
/// Only a plain copy is packed: not undone, its time whole seconds from
/// 1970 within 32 bits (to 2106), its amount within 32 bits, its place
/// within what the packing holds (4,096 devices, 67,108,864 records a
/// device and updates a record). Any
/// other copy, and every id with more than one copy, stays in
/// ``FoldCard/copies``, as before (``FoldCard/keepWatched(_:for:)``).
struct SingleCopies: Sendable {
  /// One packed copy, 32 bytes: the id's two halves; the device's number,
  /// the record's sequence number and the place in the record in one word
  /// (``placeBits``); the time in whole seconds from 1970; the amount in
  /// minor units.
  struct Entry: Sendable {
    var high: UInt64
    var low: UInt64
    var place: UInt64
    var seconds: UInt32
    var amount: Int32
  }

  /// The bits of ``Entry/place`` for the device's number (the highest),
  /// the record's sequence number and the update's place in the record.
  static let placeBits = (device: 12, sequence: 26, index: 26)

  /// How many copies a block holds: the store grows a block at a time, and
  /// never copies what it holds to grow.
  static let blockSize = 4096
  /// The devices the copies name, by their number.
  private(set) var devices: [String] = []
  private var deviceNumbers: [String: Int] = [:]
  private var blocks: [[Entry]] = []
  /// Open addressing: each slot is empty (-1) or the place of a copy.
  private var slots: [Int32] = []
  /// How many copies are held.
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// What the copies and the table take in memory, in bytes (the blocks'
  /// capacity and the table's; the device names aside).
  var bytesHeld: Int {
    blocks.reduce(0) { $0 + $1.capacity * MemoryLayout<Entry>.stride } + slots.capacity * MemoryLayout<Int32>.stride
  }

  /// The copy of `id`, when one is packed here.
  func copy(of id: UUID) -> UpdateCopy? {
    let key = UUIDKey(id)
    guard let slot = slot(of: key) else { return nil }
    return copy(at: Int(slots[slot]))
  }

  /// Packs `copy` as the one copy of `id` (replacing the one packed before);
  /// `false` when it is not plain, and nothing changed.
  mutating func insert(_ id: UUID, _ copy: UpdateCopy) -> Bool {
    guard let entry = entry(id, copy) else { return false }
    if let slot = slot(of: UUIDKey(id)) {
      let place = Int(slots[slot])
      blocks[place / Self.blockSize][place % Self.blockSize] = entry
      return true
    }
    if (count + 1) * 10 > slots.count * 7 { grow() }
    if blocks.last.map({ $0.count == Self.blockSize }) ?? true {
      var block: [Entry] = []
      block.reserveCapacity(Self.blockSize)
      blocks.append(block)
    }
    blocks[blocks.count - 1].append(entry)
    place(Int32(count), of: entry)
    count += 1
    return true
  }

  /// Takes the copy of `id` out, when one is packed here.
  mutating func remove(_ id: UUID) {
    guard let slot = slot(of: UUIDKey(id)) else { return }
    let place = Int(slots[slot])
    free(slot)
    let last = count - 1
    if place != last {
      // The last copy fills the gap.
      let moved = entry(at: last)
      slots[self.slot(of: UUIDKey(high: moved.high, low: moved.low))!] = Int32(place)
      blocks[place / Self.blockSize][place % Self.blockSize] = moved
    }
    blocks[blocks.count - 1].removeLast()
    if blocks[blocks.count - 1].isEmpty { blocks.removeLast() }
    count -= 1
  }

  /// Hands `body` every copy, in the order they are held.
  func forEachCopy(_ body: (UUID, UpdateCopy) throws -> Void) rethrows {
    for place in 0..<count {
      let entry = entry(at: place)
      try body(UUIDKey(high: entry.high, low: entry.low).uuid, copy(entry))
    }
  }

  // MARK: - Packing

  private mutating func entry(_ id: UUID, _ copy: UpdateCopy) -> Entry? {
    let order = copy.order
    let bits = Self.placeBits
    guard copy.undoAmount == nil, order.clock == 0, let seconds = UInt32(exactly: FoldCache.seconds(order.time)),
      Date(timeIntervalSince1970: Double(seconds)) == order.time, let amount = Int32(exactly: copy.amount.minorUnits),
      (0..<1 << bits.sequence).contains(order.sequence), (0..<1 << bits.index).contains(order.index)
    else { return nil }
    let device: Int
    if let known = deviceNumbers[order.device] {
      device = known
    } else {
      guard devices.count < 1 << bits.device else { return nil }
      device = devices.count
      devices.append(order.device)
      deviceNumbers[order.device] = device
    }
    let key = UUIDKey(id)
    let place =
      UInt64(device) << (bits.sequence + bits.index) | UInt64(order.sequence) << bits.index
      | UInt64(order.index)
    return Entry(high: key.high, low: key.low, place: place, seconds: seconds, amount: amount)
  }

  private func copy(_ entry: Entry) -> UpdateCopy {
    let bits = Self.placeBits
    return UpdateCopy(
      order: EventOrder(
        time: Date(timeIntervalSince1970: Double(entry.seconds)),
        device: devices[Int(entry.place >> (bits.sequence + bits.index))],
        sequence: Int(entry.place >> bits.index & (1 << bits.sequence - 1)),
        index: Int(entry.place & (1 << bits.index - 1))),
      amount: Money(minorUnits: Int64(entry.amount)))
  }

  private func copy(at place: Int) -> UpdateCopy { copy(entry(at: place)) }

  private func entry(at place: Int) -> Entry { blocks[place / Self.blockSize][place % Self.blockSize] }

  // MARK: - The table

  private static func hash(_ high: UInt64, _ low: UInt64) -> UInt64 {
    var hash = high &* 0x9E37_79B9_7F4A_7C15 ^ low
    hash ^= hash >> 31
    hash = hash &* 0xBF58_476D_1CE4_E5B9
    return hash ^ hash >> 29
  }

  private func home(_ high: UInt64, _ low: UInt64) -> Int {
    Int(truncatingIfNeeded: Self.hash(high, low) & UInt64(slots.count - 1))
  }

  private func slot(of key: UUIDKey) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = home(key.high, key.low)
    while slots[slot] >= 0 {
      let entry = entry(at: Int(slots[slot]))
      if entry.high == key.high, entry.low == key.low { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  private mutating func place(_ place: Int32, of entry: Entry) {
    let mask = slots.count - 1
    var slot = home(entry.high, entry.low)
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = place
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: max(16, slots.count * 2))
    for place in 0..<count { self.place(Int32(place), of: entry(at: place)) }
  }

  /// Empties a slot, moving back the copies after it that it kept from
  /// their home slot (linear probing's deletion).
  private mutating func free(_ slot: Int) {
    let mask = slots.count - 1
    var gap = slot
    var next = slot
    while true {
      next = (next + 1) & mask
      guard slots[next] >= 0 else { break }
      let entry = entry(at: Int(slots[next]))
      let home = home(entry.high, entry.low)
      // The copy may move into the gap when its home is not between the gap and it.
      let stays = gap <= next ? (gap < home && home <= next) : (gap < home || home <= next)
      if !stays {
        slots[gap] = slots[next]
        gap = next
      }
    }
    slots[gap] = -1
  }
}

extension SingleCopies: Equatable {
  /// The same ids with the same copies, in any order.
  static func == (a: SingleCopies, b: SingleCopies) -> Bool {
    guard a.count == b.count else { return false }
    for place in 0..<a.count {
      let entry = a.entry(at: place)
      let id = UUIDKey(high: entry.high, low: entry.low).uuid
      guard b.copy(of: id) == a.copy(entry) else { return false }
    }
    return true
  }
}

extension FoldCard {
  /// The copies of a watched id: those kept in ``copies``, or the one packed
  /// in ``singles``; `nil` when it is not watched.
  func watched(_ id: UUID) -> WatchedUpdate? {
    if let watched = copies[id] { return watched }
    return singles.copy(of: id).map { WatchedUpdate(copies: [$0]) }
  }

  /// Keeps the copies of a watched id: one plain copy packed in ``singles``,
  /// anything else in ``copies``.
  mutating func keepWatched(_ watched: WatchedUpdate, for id: UUID) {
    if watched.copies.count == 1, singles.insert(id, watched.copies[0]) {
      if !copies.isEmpty { copies[id] = nil }
      return
    }
    singles.remove(id)
    copies[id] = watched
  }
}

extension UUIDKey {
  /// The key of the id whose bytes the two halves hold.
  init(high: UInt64, low: UInt64) {
    self.init(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    self.high = high
    self.low = low
  }
}
