extension English {
  /// The English help of devices, retire, verify, export and import (`HelpKey.Store`).
  static func help(_ key: HelpKey.Store) -> String {
    switch key {
    case .devicesAbstract: "List the devices that wrote to the store."
    case .devicesDiscussion:
      """
      Each device writes only its own log, devices/<id>/log.jsonl; a file synchroniser
      carries the logs and every device merges them. '*' marks this device. Shows how
      much of each log this device has read. A device's name is its host name, or
      METROBUDDY_DEVICE_NAME: recorded with its first change, and with the next
      one whenever it differs. A retired device is listed with the device that
      retired it, also once its log is gone.
      """
    case .continueAsNewAbstract: "Continue as a new device, keeping every record in the store."
    case .continueAsNewDiscussion:
      """
      The way on when this device's own log lost records it wrote (a backup restored
      over the store, a synchroniser that carried a deletion or kept another copy, the
      same device id on two machines): changes are refused until then. This device
      takes a new id, kept in $XDG_STATE_HOME/metrobuddy/device, and its next change
      starts a new log. Nothing in the store changes: the log of the old id stays,
      read as another device's, so every record still in it counts.
      """
    case .exportAbstract: "Write a card and its history to stdout, oldest update first."
    case .exportDiscussion:
      """
      CSV has the columns timestamp,type,amount,balance,id,key,undoes,fare,mode,reason,note
      and settings (RFC 4180; text that a spreadsheet would run as a formula is prefixed
      with '). Its first row, of type opening, holds the balance before the first update
      and, in settings, the card's kind and settings as the JSON export names them, so that
      importing it gives the card and history the JSON export gives. JSON is the card
      object of --json with its "updates", the card's settings and its openingBalance.
      Importing an export again changes nothing.
      """
    case .exportFormat: "json or csv."
    case .exportAll: "Every card (JSON only): an array of card objects."
    case .importAbstract: "Append updates from a CSV or JSON file to the card, all or nothing."
    case .importDiscussion:
      """
      CSV needs the columns timestamp,type,amount (type swipe, reload, adjustment or undo;
      amount signed, such as -3.00); id, key, undoes, fare, mode, reason, note and settings
      are optional, and a balance column is ignored: balances are recomputed. A first row
      of type opening, as export writes it, gives a card with no history its opening
      balance and the settings it names. An update whose id the card already has is
      skipped, so importing an export again changes nothing; a file whose rows bring no id
      and all repeat rows the card already has is refused unless --again. A
      bad row is refused with exit 65, naming its line and column; nothing is written. A
      backup of every card (export --all) restores every card, creating the missing ones,
      all or nothing; with --card, only that card of the backup. --format tfl reads TfL's
      Oyster journey history, contactless statement or daily charges, and --format omny
      OMNY's trip history (or a zip of it): the charges come from the file, and every ride
      the fare rules would charge differently is listed. --format smartrip reads WMATA
      SmarTrip's card usage and --format path PATH's TAPP trip history, each into a
      custom card in dollars; --format presto reads PRESTO's Transit Usage Report
      (Toronto) into a ttc-presto card or a custom card in CAD. A .csv without --format
      is read in the format its header names.
      """
    case .importFileArgument: "The file to read, or - for standard input."
    case .importFormat:
      "json, csv, tfl (a TfL export), omny (OMNY trip history, or a zip of it), smartrip (WMATA SmarTrip card usage), path (PATH TAPP trip history) or presto (PRESTO Transit Usage Report); by default from the file's extension, and a .csv's header."
    case .importAgain:
      "Add rows without an id even when they all repeat rows the card already has (a file imported before, refused without it). Rows with an id the card has are still skipped."
    case .retireAbstract: "Carry the records of another device into this one, so that its log can go."
    case .retireDiscussion:
      """
      Logs only grow. For a device no longer in use (a laptop given away, a phone
      replaced), this device records one change that carries every record of that
      device's log, each counted where it stood, so that nothing any device shows
      changes. Once that change has reached every device, devices/<ID>/ can be
      deleted on each of them. Refused for this device, for an id no log has, and
      for a log that lost records this device had read.
      """
    case .retireIdArgument: "The device to retire, as 'metrobuddy devices' lists it."
    case .verifyAbstract: "Check the store's files and report each problem with its file and line."
    case .verifyDiscussion:
      """
      Reads every file of the store without changing anything: each line of each device
      log decodes and its checksum matches, each log's sequence has no gaps and its clocks
      only go up, and balances follow from the amounts; a conflict copy a synchroniser
      left is reported, never read. Exits 0 when the store is sound, 65 when not.
      With --fares, checks instead each card's recorded charges against the fare rules,
      each ride priced from the rides recorded before it, and lists every ride the rules
      would have charged differently (exit 0): how an imported trip history tests the
      rules.
      """
    case .verifyFares: "Check the recorded charges against the fare rules instead."
    case .pathsAbstract: "Print the folders metrobuddy uses: the store, this device's state and its cache."
    case .pathsDiscussion:
      """
      Each folder as --store and the environment name it (METROBUDDY_STORE, XDG_DATA_HOME,
      XDG_STATE_HOME, XDG_CACHE_HOME, HOME), absolute. With a folder's name, only its path,
      for scripts: cd "$(metrobuddy paths store)". Share only the store between devices.
      Cron starts jobs with only HOME, SHELL and LOGNAME set: --env prints the settings
      that name the same folders (and METROBUDDY_DEVICE, when it is set), one NAME=VALUE
      a line, to put at the top of a crontab, so that its jobs use this store and this
      device's id. Nothing is created.
      """
    case .pathsFolderArgument: "store, state or cache: print only that folder."
    case .pathsEnv: "Print the settings that name these folders, NAME=VALUE a line, for a crontab."
    }
  }
}
