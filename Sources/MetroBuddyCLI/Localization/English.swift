import MetroKit

/// The English catalogue.
enum English {
  static func text(_ message: Message) -> String {
    switch message {
    case .ridesLeft(let count):
      switch count {
      case 0: "No rides left"
      case 1: "1 ride left"
      default: "\(count) rides left"
      }
    case .rides(let count): count == 1 ? "1 ride" : "\(count) rides"
    case .expiration(let date, let days):
      switch days {
      case 0: "\(date) (expires today)"
      case 1: "\(date) (in 1 day)"
      case 2...: "\(date) (in \(days) days)"
      case -1: "\(date) (EXPIRED yesterday)"
      default: "\(date) (EXPIRED \(-days) days ago)"
      }
    case .notSet: "not set"
    case .labelFare: "Fare"
    case .labelExpiration: "Expiration"
    case .labelSerial: "Serial"
    case .labelCard: "Card"
    case .fares(let message): fares(message)
    case .forecast(let message): forecast(message)
    case .stats(let message): stats(message)
    case .report(let message): report(message)
    case .balanceLine(let balance, let rides): "Balance: \(balance), \(lowercasedFirst(text(.ridesLeft(rides))))."

    case .swiped(let count, let total, let why, let standing):
      "Swiped \(text(.rides(count))) for \(total)\(why.map { " (\($0))" } ?? ""). \(standing)"
    case .reloaded(let amount, let balance, let rides):
      "Reloaded \(amount). \(text(.balanceLine(balance: balance, rides: rides)))"
    case .reloadAlreadyRecorded(let key, let balance, let rides):
      "Reload '\(key)' was already recorded; nothing changed. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .balanceAlready(let amount): "The balance is already \(amount); nothing changed."
    case .balanceSet(let new, let old, let now, let rides):
      "Balance set to \(new) (was \(old)). \(now.map { "Now \($0). " } ?? "")\(text(.ridesLeft(rides)))."
    case .fareSet(let new, let old, let rides):
      "Fare set to \(new) (was \(old)); 'metrobuddy fare --standard' goes back. \(text(.ridesLeft(rides)))."
    case .serialSet(let serial): "Serial number set to \(serial)."
    case .serialCleared: "Serial number cleared."
    case .noSerial: "No serial number set."
    case .expirationSet(let date, let days): "Expiration date set to \(text(.expiration(date: date, days: days)))."
    case .expirationCleared: "Expiration date cleared."
    case .noExpiration: "No expiration date set."
    case .undid(let amount, let balance, let rides):
      "Undid a change of \(amount). \(text(.balanceLine(balance: balance, rides: rides)))"
    case .historyEmpty(let card): "No balance updates yet on '\(card)'."
    case .historyNoMatch: "No balance updates match."
    case .updateType(let kind): kind.rawValue
    case .historyKey(let key): "key \(key)"
    case .historyUndoes(let id): "undoes \(id)"
    case .cardAdded(let name, let kind, let balance, let fare):
      "Added card '\(name)' (\(kind)): \(balance), fare \(fare)."
    case .cardIsDefault(let name): "'\(name)' is now the default card."
    case .cardRenamed(let old, let new): "Renamed card '\(old)' to '\(new)'."
    case .cardRemoved(let name):
      "Removed card '\(name)': no command shows it or its history again. Its history stays in the store's "
        + "append-only device logs, and in their copies and backups."
    case .imported(let count, let card, let skipped, let balance, let rides):
      "Imported \(count) \(count == 1 ? "update" : "updates") into '\(card)'"
        + (skipped == 0 ? "" : " (\(skipped) already present, skipped)")
        + ". \(text(.balanceLine(balance: balance, rides: rides)))"
    case .importedSpend(let count, let card, let skipped, let standing):
      "Imported \(count) \(count == 1 ? "update" : "updates") into '\(card)'"
        + (skipped == 0 ? "" : " (\(skipped) already present, skipped)") + ". \(standing)"
    case .importReading(let source): "Reading \(source)…"
    case .importSaving(let count): "Saving \(count) \(count == 1 ? "update" : "updates")…"
    case .verifyNoStore(let directory): "There is no store at \(directory) yet; nothing to verify."
    case .verifySound(let directory, let cards, let updates):
      "The store \(directory) is sound: \(cards) \(cards == 1 ? "card" : "cards"), \(updates) \(updates == 1 ? "update" : "updates")."
    case .verifyDamaged(let directory, let problems):
      "The store \(directory) is damaged: \(problems) \(problems == 1 ? "problem" : "problems"). Nothing was changed."
    case .verifyNote: "note"
    case .verifyFinding(let problem): storeProblem(problem)
    case .deviceSummary(let records, let latest, let read, let length):
      "\(records) \(records == 1 ? "record" : "records"), latest \(latest ?? "none"), read \(read) of \(length) bytes"
    case .noDevicesYet: "No device has written to this store yet."
    case .historyDuplicate: "duplicate: counted once"
    case .historyRepriced(let from): "re-priced from \(from): the cap was reached"
    case .historyTransferFound(let from): "re-priced from \(from): a transfer, with every device's rides"
    case .historyTransferLost(let from): "re-priced from \(from): no transfer left, with every device's rides"
    case .belowZero(let owed, .devicesApart):
      "Below zero: devices that were apart recorded more than the card held. Reload at least \(owed) to cover it."
    case .belowZero(let owed, .rideLetThrough):
      "Below zero: the card let one ride through that it could not cover, which it does only once. Reload at least \(owed) to ride again."
    case .belowZero(let owed, .imported):
      "Below zero: the imported history takes the card below zero, as it was recorded. Reload at least \(owed) to cover it."
    case .belowZero(let owed, .history):
      "Below zero: the card's history, as recorded, takes it below zero. Reload at least \(owed) to cover it."
    case .verifyInMemory: "The store is in memory (a scenario); there are no files to verify."

    case .checkExpired(let date): "EXPIRED CARD: it expired on \(date)."
    case .checkExpiresSoon(let date, let days):
      "it expires on \(date), \(days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days")."
    case .checkFewRides(let rides, let balance, let fare):
      "\(lowercasedFirst(text(.ridesLeft(rides)))) (\(balance) at a \(fare) fare); reload with 'metrobuddy reload <amount>'."
    case .checkBalanceBelow(let balance, let minimum): "the balance \(balance) is below \(minimum)."

    case .balanceReconciled(let new, let old, let difference, let less, let estimate, let now, let rides):
      "Balance set to \(new) (was \(old)): \(difference) \(less ? "less" : "more") than recorded"
        + (estimate.map { estimate in
          let count = (estimate.exact ? "" : "about ") + text(.rides(estimate.rides))
          return less
            ? ", \(count) at \(estimate.fare) not recorded"
            : ": a reload not recorded, or \(count) recorded that \(estimate.rides == 1 ? "was" : "were") not taken"
        } ?? "") + ". \(now.map { "Now \($0). " } ?? "")\(text(.ridesLeft(rides)))."
    case .historyNote(let note): "note: \"\(note)\""
    case .noteRefused(let problem): "Invalid value for '--note': \(text(.noteProblem(problem)))."
    case .noteProblem(let problem):
      switch problem {
      case .empty: "the note is empty; write a few words, such as 'reader at 14 St'"
      case .tooLong(let count): "the note has \(count) characters; use at most \(BalanceUpdate.maximumNoteLength)"
      case .controlCharacter: "the note holds a control character (a newline, a tab, an escape); write one plain line"
      }
    case .noteNeedsAmount: "'--note <text>' needs an amount to set."
    case .firstRunHint:
      "Set the balance with 'metrobuddy balance <amount>' or load it with 'metrobuddy reload <amount>'."

    case .insufficientFare(let balance, let fare):
      "INSUFFICIENT FARE: the balance \(balance) does not cover the \(fare) fare."
    case .insufficientFareForRides(let count, let total, let balance):
      "INSUFFICIENT FARE: \(count) rides cost \(total); the balance is \(balance)."
    case .insufficientFareHint: "Nothing was recorded. Add money with 'metrobuddy reload <amount>'."
    case .noFare(let mode, let date, let reduced):
      "This card has no \(reduced ? "reduced " : "")\(mode.rawValue) fare on \(date); nothing was recorded.\n"
        + (mode == .express
          ? "Swipe with '--mode subway' or '--mode bus', or give a custom card an express fare with "
            + "'metrobuddy kind custom --express-fare <amount>'."
          : "Set a fare by hand with 'metrobuddy fare <amount>'.")
    case .notStoredValue(let kind):
      "A contactless card holds no money, so it cannot be reloaded or have its balance set; "
        + "its balance is what its rides have cost. Nothing was changed.\n"
        + "To track a prepaid card, add one with 'metrobuddy card add <name> --kind \(kind.prepaid.rawValue)'."
    case .kindRefused(let refusal, let balance):
      switch refusal {
      case .customHasNoStandardFare:
        "A custom card has no standard fares; nothing was changed. Set its fare with 'metrobuddy fare <amount>'."
      case .customNeedsFare:
        "A custom card needs a fare set by hand; nothing was changed. Give one with '--fare <amount>' "
          + "(or first 'metrobuddy fare <amount>')."
      case .rulesOnlyForCustom(let kind):
        "Cap, transfer and zone options are set by hand only on a custom card, not on a \(kind.rawValue) card; "
          + "nothing was changed. Add '--kind custom' with a '--fare <amount>'."
      case .reducedMeansNothing(let kind):
        "'--reduced' means nothing for a \(kind.rawValue) card, which has no standard fares; nothing was changed. "
          + "Set its fare by hand at the reduced amount with '--fare <amount>'."
      case .reducedNotHalf(let kind):
        "'--reduced' gives half fares, and a \(kind.rawValue) card's reduced fares are not half; nothing was changed. "
          + "Set its youth, senior or Fair Pass fare by hand with '--fare <amount>', and leave out '--reduced'."
      case .balanceNotZero(_, _, let kind):
        "The card holds \(balance ?? ""); it can become a \(kind.rawValue) card only at a zero balance. "
          + "Add a new card with 'metrobuddy card add <name> --kind \(kind.rawValue)' instead."
      case .zonesOnlyForLondon(let kind):
        "'--zones' is for a london-payg or london-contactless card, not a \(kind.rawValue) card; nothing was "
          + "changed. Leave out '--zones', or add '--kind london-payg' or '--kind london-contactless'."
      case .reducedNotKnown(let kind):
        "'--reduced' is not modelled for a \(kind.rawValue) card: metrobuddy has no source for TfL's reduced "
          + "fares; nothing was changed. Leave out '--reduced'; a fare you pay can be set by hand with "
          + "'--fare <amount>'."
      }
    case .expiredCard(let date): "EXPIRED CARD: the card expired on \(date)."
    case .expiredCardHint: "Nothing was recorded. For a new card, set its date with 'metrobuddy expiration <date>'."
    case .nothingToUndo: "Nothing to undo: this device has no command on this card left to take back."
    case .invalidCardName(let name):
      "Invalid card name '\(name)': use 1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit."
    case .invalidText(let field, let value):
      "Invalid \(fieldText(field)) '\(value)': it must be 1 to 64 characters, without control characters or surrounding spaces."
    case .invalidCount(let count): "Invalid count \(count): swipe 1 to 1000 rides at a time."
    case .cardNotFound(let name, let suggestion, let available):
      "No card named '\(name)'."
        + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        + (available.isEmpty
          ? "" : "\nCards: \(available.joined(separator: ", ")). Add one with 'metrobuddy card add <name>'.")
    case .cardExists(let name): "A card named '\(name)' already exists; choose another name."
    case .cannotMerge(let keep, let other, .sameCard):
      "'\(keep)' and '\(other)' are the same card; name two cards to merge."
    case .cannotMerge(let keep, let other, .currencies(let keepCurrency, let otherCurrency)):
      "'\(keep)' holds \(keepCurrency.code) and '\(other)' holds \(otherCurrency.code): cards in two currencies cannot be merged."
    case .cannotMerge(let keep, let other, .contactless(let contactless)):
      "'\(contactless)' is a contactless card, whose balance is what its rides cost, and '\(contactless == keep ? other : keep)' holds money: they cannot be merged.\nKeep both, or remove the one you no longer use with 'metrobuddy card remove <name>'."
    case .cardsMerged(let keep, let other, let balance):
      "Merged '\(other)' into '\(keep)': its history and opening balance now belong to '\(keep)'. Balance: \(balance)."
    case .cannotRemoveDefault(let name):
      "'\(name)' is the default card and cannot be removed.\nMake another card the default first with 'metrobuddy card use <name>'."
    case .balanceOutOfRange: "The balance would be out of range (below 0.00 or above 10000000000.00)."
    case .storeDamaged(let path, let line, let problem):
      "The store is damaged: \(path)\(line.map { ", line \($0)" } ?? ""): \(storeProblem(problem)).\nNothing was changed. Restore the file from a backup, or move the store aside to start again."
    case .invalidDeviceID(let id, let file):
      if let file {
        "\(file) does not hold a device id ('\(id)'): 1 to 64 letters, digits and '-'.\nNothing was changed. Delete the file (a new id is made on the next change) or set METROBUDDY_DEVICE."
      } else {
        "METROBUDDY_DEVICE='\(id)' is not a device id: 1 to 64 letters, digits and '-', not starting with '-' or 'upgrade-'.\nNothing was changed. Set another, or unset it to use this machine's id."
      }
    case .deviceIDUnsaved(let path?, let reason):
      "Cannot save this device's id to \(path): \(reason).\nNothing was changed. Free some space or fix the permissions there, set XDG_STATE_HOME to a directory you can write, or set METROBUDDY_DEVICE to an id for this device."
    case .deviceIDUnsaved(nil, _):
      "Cannot save this device's id: neither XDG_STATE_HOME nor HOME names a directory to keep it in.\nNothing was changed. Set XDG_STATE_HOME to a directory you can write, or set METROBUDDY_DEVICE to an id for this device."
    case .storeFromNewerVersion(let path, let version, let supported):
      "\(path) was written by a newer metrobuddy (format \(version); this one reads up to \(supported)).\nNothing was changed. Upgrade metrobuddy to use this store."
    case .storeIO(let verb, let path, let reason):
      "Cannot \(verbText(verb)) \(path): \(reason).\nCheck the permissions and free space of the store, or choose another with --store."
    case .savedDurabilityUnconfirmed(let path, let reason):
      "The change was saved, but syncing \(path) to disk failed: \(reason).\nIt may be lost if the machine loses power now."
    case .storeBusy(let path, let seconds):
      "The store \(path) is busy: another metrobuddy held its lock for \(seconds) s.\nNothing was changed. Try again, or set METROBUDDY_LOCK_TIMEOUT to wait longer."
    case .writeFailed(let path, .configuredToFail):
      "Cannot save to \(path): this store is set up so that every write fails.\nNothing was changed."
    case .writeFailed(let path, .wouldNotReadBack(let problem)):
      "Cannot save to \(path): the change would be recorded as a line no metrobuddy reads back (\(storeProblem(problem))).\nNothing was changed."
    case .importMalformed(let source, let line, let column, let problem):
      "Cannot import \(source)\(place(line: line, column: column, ("line", "column", "update", "field", "card"))): \(importProblem(problem)).\nNothing was imported."
    case .importUnreadable(let path, let reason): "Cannot read \(path): \(reason).\nNothing was imported."
    case .invalidAmountValue(let value, .fareNotPositive): "Invalid amount '\(value)'. The fare must be more than zero."
    case .invalidAmountValue(let value, .reloadNotPositive):
      "Invalid amount '\(value)'. A reload must add more than zero."
    case .timeOutOfRange(let time):
      "The time \(time) is outside what metrobuddy records (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)."
    case .timeInFuture(let time, let now):
      "The time \(time) is more than a day after now (\(now)); metrobuddy records what happened."
    case .clockOutOfRange(let now):
      "The system clock says \(now), a time metrobuddy cannot record.\nNothing was changed. Set the clock, or give the time with --at."
    case .undidCommand(let count, let amount, let balance, let rides):
      "Undid the latest command's \(count) updates, a change of \(amount) in all. \(text(.balanceLine(balance: balance, rides: rides)))"
    case .reloadKeyOtherAmount(let key, let recorded, let asked):
      "Note: reload '\(key)' was recorded with \(recorded), not \(asked); it is not applied again. Use another key to add \(asked)."
    case .reloadKeyUndone(let key):
      "Note: reload '\(key)' was recorded and later undone; it is not applied again. Use another key to add it."
    case .storeWritableByOthers(let directory):
      "Warning: every user can write to the store directory \(directory) and could change or remove your data; run 'chmod 700 \(directory)'."
    case .upgradeNotArrived(let path):
      "\(path): \(storeProblem(.upgradeNotArrived)).\nNothing was changed. Wait until the synchroniser has "
        + "copied it, then run the command again."
    case .ownLogRefused(let path, let problem):
      "\(path): \(storeProblem(problem)).\nNothing was changed. To go on, run 'metrobuddy devices continue-as-new': "
        + "this device then writes under a new device id, and every record still in the store stays (this log "
        + "as another device's)."
    case .storeWarning(let path, let problem):
      "Warning: \(path): \(storeProblem(problem))."
        + (problem.isOwnLogLoss ? " Writes are refused until you run 'metrobuddy devices continue-as-new'." : "")
    case .continuedAsNew(let previous, let current):
      "This device now writes as \(current)"
        + (previous.map {
          " (it was \($0)); what \($0) wrote and is still in the store stays there, as another device's log."
        } ?? ".")
    case .continueAsNewSetByEnvironment(let id):
      "METROBUDDY_DEVICE sets this device's id ('\(id)'); nothing was changed. To continue under a new id, set "
        + "METROBUDDY_DEVICE to another one."
    case .retired(let device, let records, let log):
      "Retired \(device): this device's log now carries its \(records) \(records == 1 ? "record" : "records"). "
        + "Once this change has reached every device, \(log) can be deleted on each; nothing any device shows changes."
    case .alreadyRetired(let device, let records):
      "\(device) is retired already: its \(records) \(records == 1 ? "record is" : "records are") carried. "
        + "Nothing was changed."
    case .cannotRetireThisDevice(let device):
      "\(device) is this device, which cannot retire itself; run 'metrobuddy devices retire \(device)' on another "
        + "device. Nothing was changed."
    case .cannotRetireUnknown(let device):
      "No device '\(device)' wrote to this store ('metrobuddy devices' lists them). Nothing was changed."
    case .cannotRetireLostRecords(let device, let first, let last):
      "\(device)'s log lost records \(first) to \(last), which this device had read: retiring it now would lose "
        + "them. Bring its whole log back (from the device itself or a backup) first. Nothing was changed."
    case .deviceRetired(let by, let through):
      "retired by \(by) (records 1 to \(through) carried)"

    case .unknownOption(let token, let suggestion):
      "Unknown option '\(token)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
    case .unknownCommand(let token, let suggestion):
      "Unknown command '\(token)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
    case .flagTakesNoValue(let name): "The flag '--\(name)' does not take a value."
    case .missingValue(let synopsis): "Missing value for '\(synopsis)'."
    case .missingArgument(let name): "Missing expected argument '<\(name)>'."
    case .unexpectedArgument(let token): "Unexpected argument '\(token)'."
    case .missingSubcommand: "Missing expected subcommand: add, use, rename, merge or remove."
    case .invalidValue(let name, let problem): "Invalid value for '\(name)': \(self.problem(problem))"
    case .giveDateOrClear: "Give a date or '--clear', not both."
    case .giveSerialOrClear: "Give a serial number or '--clear', not both."
    case .atNeedsAmount: "'--at <time>' needs an amount to set."
    case .reducedOrFull: "Give '--reduced' or '--full', not both."
    case .fareOrStandard: "Give a fare or '--standard', not both."
    case .optionNeeds(let option, let needed): "'\(option)' needs '\(needed)'."
    case .removeNeedsForce(let name):
      "Removing '\(name)' hides it and its history from every command, on every device, for good (the history "
        + "stays in the store's logs); add '--force' to confirm."
    case .csvHoldsOneCard:
      "CSV holds one card; export every card with '--all --format json', or one with '--card <name>'."
    case .jsonOrCSV: "'--json' asks for JSON and '--format csv' for CSV; give one of them."
    case .outputFailed(let reason, let changed):
      "Cannot write the output: \(reason). "
        + (changed ? "The change was saved; the output is incomplete." : "The output is incomplete.")
    case .allOrCard: "Give '--all' or '--card <name>', not both."
    case .formatFromName(let path):
      "Cannot tell the format of '\(path)' from its name; add '--format json' or '--format csv'."
    case .lockTimeoutInvalid(let text):
      "METROBUDDY_LOCK_TIMEOUT is '\(text)'; set it to a number of seconds, such as 10 or 0.5."
    case .noStoreLocation:
      "Cannot find the store: HOME is not set to an absolute path. Pass --store <dir> or set METROBUDDY_STORE."
    case .emptyStoreOption: "The value for '--store <dir>' is empty."
    case .invalidUTF8(let token):
      "'\(token)' is not valid UTF-8 text (U+FFFD marks the bytes that were not); write arguments in UTF-8."
    case .invalidCardNameOption(let name):
      "Invalid card name '\(name)': use 1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit."
    case .developer(let text): text

    case .pathsPurpose(.store): "your cards and every device's log: synchronise this folder"
    case .pathsPurpose(.state): "this device's id and where its log ended: never synchronise it"
    case .pathsPurpose(.cache): "this device's cache, rebuilt when missing: never synchronise it"
    case .pathsNoFolder(.store): text(.noStoreLocation)
    case .pathsNoFolder(.state):
      "Cannot find this device's state folder: HOME is not set to an absolute path. Set HOME or XDG_STATE_HOME to one."
    case .pathsNoFolder(.cache):
      "Cannot find this device's cache folder: HOME is not set to an absolute path. Set HOME or XDG_CACHE_HOME to one."

    case .helpOverview: "OVERVIEW:"
    case .helpUsage: "USAGE:"
    case .helpArguments: "ARGUMENTS:"
    case .helpOptions: "OPTIONS:"
    case .helpGlobalOptions: "GLOBAL OPTIONS (before or after the command):"
    case .helpCommands: "COMMANDS:"
    case .helpSubcommands: "SUBCOMMANDS:"
    case .helpExamples: "EXAMPLES:"
    case .helpDefaultCommand: "(default)"
    case .helpDefaultValue(let value): "(default: \(value))"
    case .helpShowHelp: "Show help information."
    case .helpSeeCommandHelp(let command, let placeholder):
      "See '\(command) help <\(placeholder == .command ? "command" : "subcommand")>' for detailed help."
    case .usageLine: "Usage:"
    case .usageSeeHelp(let command): "See '\(command) --help' for more information."
    case .errorPrefix: "Error:"
    case .definition(let key): help(key)
    case .placeholder(let word): word
    }
  }

  static func problem(_ problem: ValueProblem) -> String {
    switch problem {
    case .amount(let reason, let text):
      switch reason {
      case .empty: "The amount is empty; write it as digits with an optional point, such as 20 or 2.75."
      case .notANumber: "'\(text)' is not an amount; write digits with an optional point, such as 20 or 2.75."
      case .negative: "'\(text)' is negative; amounts are positive, such as 20 or 2.75."
      case .tooManyFractionDigits(let allowed): "'\(text)' has more than \(allowed) digits after the point."
      case .tooLarge(let maximum): "'\(text)' is larger than the largest amount, \(maximum)."
      }
    case .amountNotPositive: "the amount must be more than zero."
    case .notATime(let text):
      "'\(text)' is not a time; write YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or ±HH:MM."
    case .notADate(let text): "'\(text)' is not a date that exists; write YYYY-MM-DD."
    case .month(let text): "'\(text)' is not a month; write YYYY-MM, such as 2026-10."
    case .pass(let text):
      "'\(text)' is not a pass; write NAME=PRICE/Nd (a price above zero, 1 to 366 days), such as 30-day=132/30d."
    case .clockWindow(let text):
      "'\(text)' is not a stretch of the clock; write HH:MM-HH:MM, such as 07:00-10:00 (22:00-02:00 runs past midnight)."
    case .count(let text, let maximum): "'\(text)' is not a whole number from 1 to \(maximum)."
    case .wholeNumber(let text): "'\(text)' is not a whole number of 0 or more."
    case .positiveWholeNumber(let text): "'\(text)' is not allowed: it must be a whole number of 1 or more."
    case .historyType(let text): "'\(text)'; use swipe, reload, adjustment or undo."
    case .format(let text): "'\(text)'; use json or csv."
    case .reportFormat(let text): "'\(text)'; use text, csv or html."
    case .importFormat(let text): "'\(text)'; use \(list(CompletionHints.importFormats, "or"))."
    case .shell(let text): "'\(text)'; use bash, zsh or fish."
    case .text(let maximum): "use 1 to \(maximum) characters, without control characters or surrounding spaces."
    case .cardName(let text): "'\(text)'; use 1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit."
    case .template(let problem):
      switch problem {
      case .unknownPlaceholder(let name, let known):
        "Unknown placeholder '{\(name)}'; use " + known.map { "{\($0)}" }.joined(separator: ", ") + "."
      case .unclosed: "'{' without a closing '}'; write '{{' for a brace."
      case .unopened: "'}' without an opening '{'; write '}}' for a brace."
      }
    case .kind(let text, let suggestion):
      "'\(text)' is not a kind;" + (suggestion.map { " did you mean '\($0)'?" } ?? "")
        + " use \(list(CardKind.allCases.map(\.rawValue), "or"))."
    case .mode(let text, let suggestion):
      "'\(text)' is not a mode;" + (suggestion.map { " did you mean '\($0)'?" } ?? "")
        + " use \(list(TravelMode.riderModes.map(\.rawValue), "or"))."
    case .currency(let text, let suggestion):
      "'\(text)' is not an ISO 4217 currency code;" + (suggestion.map { " did you mean '\($0)'?" } ?? "")
        + " use a code such as USD, EUR, GBP or JPY."
    case .capPeriod(let text): "'\(text)' is not a period; use Nd (such as 7d, 1 to 366 days), day, week or month."
    case .zones(.noSuchZone(let text)):
      "'\(text)' is not a range of London's fare zones (1 to 9); use one such as 1-2."
    case .zones(.capNotKnown(let text)):
      "metrobuddy does not know the caps of zones \(text); use the range from zone 1 that your journeys stay in: "
        + LondonZones.known.joined(separator: ", ") + "."
    case .transferWindow(let text): "'\(text)' is not a number of minutes from 1 to 1440."
    case .transfers(let text): "'\(text)' is not a whole number from 1 to 99."
    case .zone(let text):
      "'\(text)' is not a time zone; use a name of the tz database such as America/Chicago (from /usr/share/zoneinfo),"
        + " America/New_York, Europe/London or UTC, or a POSIX TZ rule such as CST6CDT,M3.2.0,M11.1.0."
    case .pathsFolder(let text): "'\(text)'; use store, state or cache."
    }
  }

  static func fieldText(_ field: TextField) -> String {
    switch field {
    case .serialNumber: "serial number"
    case .reloadKey: "reload key"
    }
  }

  static func verbText(_ verb: IOVerb) -> String {
    switch verb {
    case .open: "open"
    case .read: "read"
    case .create: "create"
    case .lock: "lock"
    case .write: "write"
    }
  }
}

/// "No rides left" becomes "no rides left".
///
/// The rest is made a `String` before it is added: `String + Substring` is
/// the generic `append(contentsOf:)`, whose first call looked up its
/// witnesses at run time (113,000 instructions, 5% of a swipe).
func lowercasedFirst(_ text: String) -> String {
  guard let first = text.first else { return text }
  return first.lowercased() + String(text.dropFirst())
}
