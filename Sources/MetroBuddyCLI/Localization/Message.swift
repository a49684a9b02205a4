import MetroKit

/// Every sentence metrobuddy shows a person, as a value. Each language
/// renders every case in an exhaustive `switch`, so a message missing in one
/// language does not compile.
enum Message: Equatable {
  // MARK: - The card

  /// `No rides left`, `1 ride left`, `N rides left`.
  case ridesLeft(Int)
  /// `1 ride`, `N rides`.
  case rides(Int)
  /// An expiration date with how far away it is; `days` is negative once past.
  case expiration(date: String, days: Int)
  case notSet
  case labelFare
  case labelExpiration
  case labelSerial
  case labelCard
  /// The sentences and words about fares, kinds, modes and caps.
  case fares(FareMessage)
  /// The forecast of `show` and `check`, and `plan`.
  case forecast(ForecastMessage)
  /// The words and sentences of `stats`.
  case stats(StatsMessage)
  /// The words and sentences of `report`.
  case report(ReportMessage)
  /// `Balance: $22.25, 8 rides left.`
  case balanceLine(balance: String, rides: Int)

  // MARK: - Confirmations

  /// `why` is `nil` for rides that paid their full fare; `standing` is the balance line.
  case swiped(count: Int, total: String, why: String?, standing: String)
  case reloaded(amount: String, balance: String, rides: Int)
  case reloadAlreadyRecorded(key: String, balance: String, rides: Int)
  case balanceAlready(amount: String)
  /// `now`: the balance now, when it differs from `new` (a balance set
  /// `--at` a time before updates already recorded).
  case balanceSet(new: String, old: String, now: String?, rides: Int)
  case fareSet(new: String, old: String, rides: Int)
  case serialSet(String)
  case serialCleared
  case noSerial
  case expirationSet(date: String, days: Int)
  case expirationCleared
  case noExpiration
  case undid(amount: String, balance: String, rides: Int)
  case historyEmpty(card: String)
  case historyNoMatch
  /// The name of a kind of update in `history`.
  case updateType(BalanceUpdate.Kind)
  case historyKey(String)
  case historyUndoes(String)
  case cardAdded(name: String, kind: String, balance: String, fare: String)
  case cardIsDefault(String)
  case cardRenamed(old: String, new: String)
  case cardRemoved(String)
  case imported(count: Int, card: String, skipped: Int, balance: String, rides: Int)
  case importedSpend(count: Int, card: String, skipped: Int, standing: String)
  case importReading(String)
  case importSaving(Int)
  case verifyNoStore(directory: String)
  case verifySound(directory: String, cards: Int, updates: Int)
  case verifyDamaged(directory: String, problems: Int)
  case verifyNote
  /// What `verify` found in a file, after "FILE:LINE: ".
  case verifyFinding(StoreProblem)
  case verifyInMemory
  case deviceSummary(records: Int, latest: String?, read: Int64, length: Int64)
  case noDevicesYet
  case historyDuplicate
  /// A ride the merged history held to its cap: what it was recorded with.
  case historyRepriced(from: String)
  /// A ride the merged history made a transfer: what it was recorded with.
  case historyTransferFound(from: String)
  /// A transfer the merged history charged: what it was recorded with.
  case historyTransferLost(from: String)
  case belowZero(String, BelowZeroCause)

  // MARK: - check

  case checkExpired(date: String)
  case checkExpiresSoon(date: String, days: Int)
  case checkFewRides(rides: Int, balance: String, fare: String)
  case checkBalanceBelow(balance: String, minimum: String)

  // MARK: - Reconcile

  /// A balance set to what a reader shows, with what the difference means:
  /// `Balance set to $12.40 (was $15.40): $3.00 less than recorded, about 1 ride at $3.00 not recorded. 4 rides left.`
  /// `less` when the card holds less than was recorded; `estimate` is `nil`
  /// when the difference is less than half a fare or the card has no fare.
  case balanceReconciled(
    new: String, old: String, difference: String, less: Bool, estimate: RideEstimate?, now: String?, rides: Int)
  /// The note of an update in the last column of `history`: `note: "reader at 14 St"`.
  case historyNote(String)
  /// A `--note` that cannot be kept (a usage error).
  case noteRefused(NoteProblem)
  /// What is wrong with a note, after "the note": in an imported file.
  case noteProblem(NoteProblem)
  /// `--note` without an amount to set.
  case noteNeedsAmount
  /// The line `show` adds while a card that holds money has no history yet.
  case firstRunHint

  // MARK: - Refusals and errors

  case insufficientFare(balance: String, fare: String)
  case insufficientFareForRides(count: Int, total: String, balance: String)
  case insufficientFareHint
  case noFare(mode: TravelMode, date: String, reduced: Bool)
  case notStoredValue(CardKind)
  case kindRefused(KindRefusal, balance: String?)
  case expiredCard(date: String)
  case expiredCardHint
  case nothingToUndo
  case invalidCardName(String)
  case invalidText(field: TextField, value: String)
  case invalidCount(Int)
  case cardNotFound(name: String, suggestion: String?, available: [String])
  case cardExists(String)
  case cannotRemoveDefault(String)
  case cannotMerge(keep: String, other: String, reason: MergeRefusal)
  /// `card merge`'s confirmation: `other` is now part of `keep`.
  case cardsMerged(keep: String, other: String, balance: String)
  case balanceOutOfRange
  /// A store file that cannot be trusted; `line` when the problem is on one line.
  case storeDamaged(path: String, line: Int?, problem: StoreProblem)
  case storeFromNewerVersion(path: String, version: Int, supported: Int)
  case invalidDeviceID(String, file: String?)
  /// This device's new id could not be kept in `path` (`nil`: no HOME or XDG_STATE_HOME to keep it in).
  case deviceIDUnsaved(path: String?, reason: String)
  case storeIO(verb: IOVerb, path: String, reason: String)
  case savedDurabilityUnconfirmed(path: String, reason: String)
  case storeBusy(path: String, seconds: String)
  case writeFailed(path: String, reason: WriteRefusal)
  /// A file to import that is malformed; `line` is 0 when the problem is not on one line.
  case importMalformed(source: String, line: Int, column: ImportColumn?, problem: ImportProblem)
  /// A file to import that cannot be opened or read: the file's fault, not the store's.
  case importUnreadable(path: String, reason: String)
  case invalidAmountValue(String, reason: AmountRefusal)

  // MARK: - Times, undo and keyed reloads (the rules work)

  case timeOutOfRange(String)
  case timeInFuture(time: String, now: String)
  case clockOutOfRange(String)
  case undidCommand(count: Int, amount: String, balance: String, rides: Int)
  case reloadKeyOtherAmount(key: String, recorded: String, asked: String)
  case reloadKeyUndone(key: String)
  /// Every user may write to the store directory.
  case storeWritableByOthers(directory: String)
  /// A write refused because this device's own log lost what it wrote.
  case ownLogRefused(path: String, problem: StoreProblem)
  /// The converted log an upgraded store's marker names has not all arrived.
  case upgradeNotArrived(path: String)
  /// What a read found wrong and still showed: a log that lost records.
  case storeWarning(path: String, problem: StoreProblem)
  /// `devices continue-as-new` made this device a new id.
  case continuedAsNew(previous: String?, current: String)
  /// `devices continue-as-new` with `METROBUDDY_DEVICE` set: the id is the environment's.
  case continueAsNewSetByEnvironment(id: String)
  /// `devices retire` recorded the copy of `device`'s `records` records; its log may go.
  case retired(device: String, records: Int, log: String)
  /// `devices retire` of a device whose records are all carried already.
  case alreadyRetired(device: String, records: Int)
  /// `devices retire` of this device.
  case cannotRetireThisDevice(String)
  /// `devices retire` of an id no log of the store has.
  case cannotRetireUnknown(String)
  /// `devices retire` of a device whose log lost records this device had read.
  case cannotRetireLostRecords(String, first: Int, last: Int)
  /// In `devices`: a retire carried the device's records up to `through`.
  case deviceRetired(by: String, through: Int)

  // MARK: - Usage errors

  case unknownOption(String, suggestion: String?)
  case unknownCommand(String, suggestion: String?)
  case flagTakesNoValue(String)
  case missingValue(String)
  case missingArgument(String)
  case unexpectedArgument(String)
  case missingSubcommand
  /// `Invalid value for 'NAME': PROBLEM`.
  case invalidValue(name: String, problem: ValueProblem)
  case giveDateOrClear
  case giveSerialOrClear
  case atNeedsAmount
  case removeNeedsForce(String)
  case reducedOrFull
  case fareOrStandard
  /// The first option needs the second.
  case optionNeeds(String, String)
  case csvHoldsOneCard
  /// Standard output could not be written; `changed` when the command changed the store.
  case outputFailed(reason: String, changed: Bool)
  case jsonOrCSV
  case allOrCard
  case formatFromName(String)
  case lockTimeoutInvalid(String)
  case noStoreLocation
  case emptyStoreOption
  case invalidUTF8(String)
  case invalidCardNameOption(String)
  /// Text that only developers see (scenario and fault-plan switches of debug builds).
  case developer(String)

  // MARK: - paths

  /// What `paths` says a folder holds, and whether to synchronise it.
  case pathsPurpose(PathsFolder)
  /// No variable names the folder and HOME is not set (or not absolute).
  case pathsNoFolder(PathsFolder)

  // MARK: - Help

  case helpOverview
  case helpUsage
  case helpArguments
  case helpOptions
  case helpGlobalOptions
  case helpCommands
  case helpSubcommands
  case helpExamples
  case helpDefaultCommand
  case helpDefaultValue(String)
  case helpShowHelp
  case helpSeeCommandHelp(command: String, placeholder: HelpPlaceholder)
  case usageLine
  case usageSeeHelp(String)
  case errorPrefix
  /// A string of the command definitions, by its key.
  case definition(HelpKey)
  /// A placeholder's word, as in `<amount>`: `amount` in English, `importe` in Spanish.
  case placeholder(String)
}

/// About how many rides at the card's full fare a difference in balance is
/// (at least one), for ``Message/balanceReconciled(new:old:difference:less:estimate:rides:)``.
struct RideEstimate: Equatable {
  /// The rides, rounded to the nearest whole ride.
  var rides: Int
  /// The full fare, as shown.
  var fare: String
  /// Whether the difference is exactly `rides` fares (no "about").
  var exact: Bool
}

/// What a failed system call was doing, for "Cannot … PATH".
enum IOVerb: Equatable {
  case open, read, create, lock, write
}

/// The word for what follows a command in "See 'metrobuddy help <…>'".
enum HelpPlaceholder: Equatable {
  case command, subcommand
}

/// What is wrong with an option's or argument's value.
enum ValueProblem: Equatable {
  case amount(AmountError.Reason, text: String)
  case amountNotPositive
  case notATime(String)
  case notADate(String)
  case clockWindow(String)
  case month(String)
  case pass(String)
  case count(String, maximum: Int)
  case wholeNumber(String)
  case positiveWholeNumber(String)
  case historyType(String)
  case format(String)
  /// `report --format` given something other than text, csv or html.
  case reportFormat(String)
  case importFormat(String)
  case shell(String)
  case text(maximum: Int)
  case cardName(String)
  case template(TemplateProblem)
  case kind(String, suggestion: String?)
  case mode(String, suggestion: String?)
  case currency(String, suggestion: String?)
  case capPeriod(String)
  case transferWindow(String)
  case transfers(String)
  /// A `--zone` that names no zone.
  case zone(String)
  /// A `--zones` range that is not one.
  case zones(LondonZones.Problem)
  /// A `paths` folder that is not one.
  case pathsFolder(String)
}

/// What is wrong with a `show --format` template.
enum TemplateProblem: Equatable {
  case unknownPlaceholder(String, known: [String])
  case unclosed
  case unopened
}
