extension English {
  /// The English help of plan, check and stats (`HelpKey.Insights`).
  static func help(_ key: HelpKey.Insights) -> String {
    switch key {
    case .checkAbstract: "Say which cards need attention; silent when all is well (for cron)."
    case .checkDiscussion:
      """
      Checks every card (or the one named by --card). Prints one line per problem on
      stdout and exits 1; prints nothing and exits 0 when all is well, so cron mails
      only when something needs doing. Without options, a card needs attention when it
      cannot pay a ride or has expired, or when an Oyster journey history imported into
      it is due to be downloaded and imported again (see --export-within).
      """
    case .checkMinRides: "Warn when fewer than N rides are left."
    case .checkMinBalance: "Warn when the balance is below AMOUNT."
    case .checkExpiresWithin:
      "Warn when the card expires within DAYS days (0: today). Expired cards are always reported."
    case .checkRunsOutWithin:
      "Warn when, at your pace (rides in the last 28 days), the balance runs out within DAYS days (0: today)."
    case .checkExportWithin:
      "Warn when an imported Oyster journey history must be downloaded and imported again within DAYS days: "
        + "TfL shows only the last 8 weeks. Past that day, always."
    case .planAbstract: "Say how much to load to pay for N more rides, or to last until a day."
    case .planDiscussion:
      """
      With --rides N, the amount that pays for N more rides; with --until DATE, the
      amount that lasts through that day at your pace (your rides in the last 28 days,
      or since the card's first ride when that is more recent; a free transfer is part
      of the ride before it). Rides are priced as the readers would charge them, the
      fare of each day and the 7-day cap included, and spread at your pace (10 rides a
      week when the card has no rides yet). A MetroCard amount is rounded up to a
      multiple of 5 cents, as its machines take; the plan says when it rounds.
      Nothing is loaded: run 'metrobuddy reload AMOUNT' when you have.
      """
    case .planRides: "Pay for N more rides (1 to 10000)."
    case .planUntil: "Last through this day at your pace (YYYY-MM-DD; today or later)."
    case .statsAbstract: "Show rides, spending, reloads and what the cap saved, per week or month."
    case .statsDiscussion:
      """
      Periods are local calendar weeks, Monday to Sunday, or calendar months, always
      whole: --json gives each one's first and last day as start and end, both
      inclusive. Without --since: the 8 periods ending with today's (or with --until's).
      With --since: every period from the one --since falls in to the one --until falls
      in (default: today), even when the dates fall mid-period. Empty periods are listed.
      A ride is a swipe that was not undone: paid (the fare or the rest of the cap), capped
      (free under the cap) or a transfer. Spent is what rides charged; loaded is what
      reloads added, not counting undone ones or a keyed reload another device recorded
      first (always zero for a contactless card); adjustments are neither. Saved is what
      the cap saved: the full fare minus the charge of capped and partial rides.
      The bar shows spent: block characters on a colour terminal, '#' otherwise (pipes,
      --no-color, NO_COLOR, TERM=dumb). Width: the terminal's, else COLUMNS, else 80.
      With --by weekday or --by hour, or --heatmap, the rides from --since to --until,
      both exact days (default: the 8 weeks ending with today's), are added up by weekday,
      by hour of the day, or counted in a grid of weekdays by hours; the bar then shows
      rides. --weekdays and --between keep only what happened at those local times, in
      every view (history takes them too): 'stats --weekdays --between 07:00-10:00' is a
      morning commute.
      """
    case .statsBy: "week or month; weekday or hour to add up the range's rides by weekday or hour of the day."
    case .statsHeatmap: "Show the range's rides as a grid of weekdays by hours."
    case .compareAbstract: "Say whether a pass would have been cheaper than what the rides cost."
    case .compareDiscussion:
      """
      Prices the card's rides of a range three ways: as recorded (what they were
      charged), without the cap (each ride that is not a transfer at its full fare),
      and with each pass: the agency's where a source gives its price and the days it
      was sold (the MetroCard's 30-day $132.00 and 7-day $34.00 unlimited passes, from
      20 August 2023 until sales ended on 31 December 2025, for a metrocard card), and
      each --pass you name. A pass is bought at the first ride no pass covers and
      covers every ride through the end of its last day (a 30-day pass bought on
      1 October covers 1 to 30 October); the MetroCard's covers the subway and local
      buses, and other rides cost what they were charged. Then the cheapest, by how
      much, and for each pass the rides at the full fare it replaces to pay for itself.
      The range: --month, or --since to --until (default today), or the last whole
      calendar month. --weekdays and --between compare the commute alone.
      """
    case .compareMonth: "Compare this calendar month (YYYY-MM)."
    case .compareSince: "Compare from this day (YYYY-MM-DD)."
    case .compareUntil: "Compare through this day (YYYY-MM-DD; default: today)."
    case .comparePass: "A pass to price: NAME=PRICE/Nd, such as 30-day=132/30d; repeatable."
    case .reportAbstract: "Print a month's statement: every charge, totals, and the commuter benefit limit."
    case .reportDiscussion:
      """
      Lists every ride of the card's month (--all: every card's) with its local date
      and time, mode, reason, full fare, what it was charged and its note; then the
      totals by mode, the month's total and what the cap saved. A month in US dollars
      is held against the IRS's monthly limit for tax-free transit benefits ($325.00 in
      2025, $340.00 in 2026), with what is left or how far over it went; --limit holds
      it against another amount. --format csv gives the charges for a spreadsheet, and
      --format html one page with no links outside it: a chart of spend per week, the
      rides by weekday and hour, and the charges, ready to print to PDF for an expense
      claim. The month: --month, or the last whole calendar month. --weekdays and
      --between keep the commute alone.
      """
    case .reportMonth: "The calendar month (YYYY-MM; default: the last whole month)."
    case .reportAll: "Every card, not only the current one."
    case .reportLimit: "Hold the month against this amount, not the IRS's limit."
    case .reportFormat: "text, csv (the charges) or html (one page to print)."
    case .timesWeekdays: "Only Monday to Friday (local days)."
    case .timesBetween: "Only between these local times (HH:MM-HH:MM; 22:00-02:00 runs past midnight)."
    case .statsSince: "Start with the period this day falls in (YYYY-MM-DD)."
    case .statsUntil: "End with the period this day falls in (YYYY-MM-DD; default: today)."
    }
  }
}
