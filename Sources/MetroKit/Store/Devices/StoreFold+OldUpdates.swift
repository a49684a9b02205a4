import FoundationEssentials

extension StoreFold {
  /// Whether `update`, from the log and place `order` names, counts: always
  /// for a device's log; for a converted log, unless another converted log
  /// brought the same old update (by its id). Of two copies the one in the
  /// converted log whose name sorts first counts, in any order of arrival:
  /// when it arrives second, the copy already folded (the same update, the
  /// same amount) is taken as it, and the balance stays.
  mutating func admitsOldUpdate(_ update: BalanceUpdate, order: EventOrder) -> Bool {
    guard order.device.hasPrefix(StoreLayout.upgradePrefix), oldUpdates != nil else { return true }
    guard let holder = oldUpdates?[update.id] else {
      oldUpdates?[update.id] = order.device
      return true
    }
    guard order.device < holder else { return holder == order.device }
    oldUpdates?[update.id] = order.device
    let placed = EventOrder(time: update.timestamp, device: order.device, sequence: order.sequence, index: order.index)
    for position in cards.indices {
      if let key = update.key, cards[position].reloads[key]?.id == update.id {
        cards[position].reloads[key]?.order = placed
      }
    }
    return false
  }
}
