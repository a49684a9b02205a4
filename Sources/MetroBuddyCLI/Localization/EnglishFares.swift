import MetroKit

extension English {
  /// The English sentences and words about fares.
  static func fares(_ message: FareMessage) -> String {
    switch message {
    case .labelKind: "Kind"
    case .labelMode: "Mode"
    case .kindName(let kind, let reduced): kind.rawValue + (reduced ? ", reduced fare" : "")
    case .modeName(let mode): mode.rawValue
    case .reasonName(let reason): reason.rawValue
    case .noFareNow: "none"
    case .fareNone(let mode, let date):
      "This card has no \(mode.rawValue) fare on \(date); set one with 'metrobuddy fare <amount>'."
    case .fareStandard(let amount, let mode, let reduced, let since):
      "\(amount), the standard \(reduced ? "reduced " : "")\(modeFare(mode)) since \(since)"
    case .fareByHand(let amount, let since): "\(amount), set by hand" + (since.map { " on \($0)" } ?? "")
    case .capNotStarted(let limit, let period): "Cap: \(limit) \(periodSpan(period))."
    case .capStanding(let period, let paid, let limit, let free, let until):
      "\(periodName(period)): \(paid) of \(limit); rides are free " + (free ? "" : "after that ") + "until \(until)."
    case .rideCapNotStarted(let limit):
      "Cap: \(limit) paid rides a month; after them, rides are free until the month ends."
    case .rideCapStanding(let paid, let limit, let until):
      "This month: \(paid) of \(limit) paid rides; "
        + (paid >= limit ? "" : "after \(limit - paid) more, ") + "rides are free until \(until)."
    case .monthSpend(let amount): "This month: \(amount)."
    case .rideWhy(let reason, let free):
      switch reason {
      case .paid: "paid"
      case .partial: "the rest of the cap"
      case .capped: "capped: free"
      case .transfer: free ? "free transfer" : "transfer: the difference"
      case .companion: "a companion's full fare"
      case .maximumFare: "a maximum fare"
      }
    case .rideCount(let reason, let count):
      "\(count) \(reason.rawValue)" + ((reason == .transfer || reason == .companion) && count != 1 ? "s" : "")
    case .spentSoFar: "spent"
    case .fareStandardAgain(let new, let old): "Back to the standard fare: \(new) (was \(old))."
    case .kindSet(let new, let old): "Kind set to \(new) (was \(old))."
    case .modeSet(let new, let old, let fare): "Mode set to \(new.rawValue) (was \(old.rawValue)); the fare is \(fare)."
    case .metroCardRefillsEnded:
      "Warning: MetroCard refills ended on 2025-12-31; the reload is recorded, but a station can no longer add it. "
        + "Change the card with 'metrobuddy kind omny-card' if you moved to OMNY."
    case .fareDifferences(let count):
      count == 1
        ? "1 ride was charged differently from metrobuddy's fare rules:"
        : "\(count) rides were charged differently from metrobuddy's fare rules:"
    case .fareDifference(let time, let mode, let charged, let expected, let reason):
      "\(time)  \(mode.rawValue): charged \(charged); the rules charge \(expected) (\(reason.rawValue))"
    case .faresAgree(let rides):
      rides == 1
        ? "The ride's charge agrees with metrobuddy's fare rules."
        : "All \(rides) rides' charges agree with metrobuddy's fare rules."
    case .faresOfCard(let name): "Card '\(name)':"
    case .capsNotChecked(let days, let weeks, let zones):
      "Caps not checked on \(days == 1 ? "1 travel day" : "\(days) travel days") and "
        + (weeks == 1 ? "1 week" : "\(weeks) weeks") + ": "
        + (zones.map {
          "what TfL charged there does not fit the caps of zones \($0), the card's zones, "
            + "and metrobuddy does not know the stations' zones."
        } ?? "the card has no zones; set them with 'metrobuddy kind --zones 1-4'.")
    case .noMoneyRows(let count):
      (count == 1 ? "1 row moved" : "\(count) rows moved")
        + " no money (a season ticket added, a refund of nothing): not recorded."
    case .possibleRefunds(let count, let total):
      count == 1
        ? "1 incomplete journey was charged a maximum fare (\(total)): a possible refund to claim from TfL."
        : "\(count) incomplete journeys were charged maximum fares (\(total) in all): possible refunds to claim "
          + "from TfL."
    case .possibleRefund(let time, let mode, let charged): "\(time)  \(mode.rawValue): charged \(charged)"
    case .passRowsNotRecorded(let count):
      (count == 1 ? "1 row moved" : "\(count) rows moved")
        + " no money (a ride on a pass or a trip pack, an entry with no exit yet): not recorded."
    case .tripPackRidesNotRecorded(let count):
      (count == 1 ? "1 row moved" : "\(count) rows moved")
        + " no money (a ride on a pass or a trip pack): not recorded."
    case .passLoadsNotRecorded(let count):
      (count == 1 ? "1 row moved" : "\(count) rows moved") + " no money (a period pass loaded): not recorded."
    case .faresNotChecked(let count):
      (count == 1 ? "1 ride was" : "\(count) rides were")
        + " charged what the card's rules do not know (a rail fare by distance, a transfer or pass they have no rule"
        + " for): taken from the file, not checked."
    case .kindZone(let name): "zone \(name)"
    case .kindLondonZones(let zones): "zones \(zones)"
    case .archive(let path, let problem):
      switch problem {
      case .unzipMissing:
        "Cannot read \(path): reading a zip needs the 'unzip' program (apt-get install unzip), or unzip it first."
      case .unzipFailed(let status, let message):
        "Cannot read \(path): unzip exited with \(status)" + (message.isEmpty ? "." : ": \(message)")
      case .noCSV: "Cannot read \(path): the zip holds no .csv file."
      case .tooLarge(let maximum): "Cannot read \(path): its CSV is larger than \(maximum) bytes."
      case .spawnFailed(let code), .pipeFailed(let code):
        "Cannot read \(path): system error \(code) while running unzip."
      }
    case .capStandingThen(let period, let paid, let limit, let free, let from, let until):
      "\(periodThen(period)) (\(from) to \(until)): \(paid) of \(limit)" + (free ? ", capped." : ".")
    case .expressCapStanding(let period, let paid, let limit, let free, let until):
      "\(periodName(period)), express: \(paid) of \(limit); express rides are free " + (free ? "" : "after that ")
        + "until \(until)."
    case .capOverrun(let period, let paid, let limit, let over, let from, let until):
      "\(periodThen(period)) (\(from) to \(until)) was charged \(paid), \(over) over its cap of \(limit): "
        + "charges imported from the agency stay as charged; look for rides imported twice, "
        + "or ask the agency for the difference."
    case .reloadOverBalance(let limit, let canLoad):
      "RELOAD LIMIT: this card holds at most \(limit); "
        + (canLoad.map { "at most \($0) more can be loaded now." } ?? "nothing more can be loaded now.")
        + "\nNothing was recorded."
    case .reloadOverWindow(let limit, let hours, let canLoad, let until):
      "RELOAD LIMIT: at most \(limit) can be loaded onto this card in \(hours) hours; "
        + (canLoad.map { "at most \($0) more can be loaded" } ?? "nothing more can be loaded")
        + (until.map { " until \($0)." } ?? " now.") + "\nNothing was recorded."
    case .reducedExpressUnknown(let date):
      "The reduced express bus fare on \(date) is not known (no MTA source we have gives it), "
        + "so a reduced-fare card cannot price an express ride; nothing was recorded.\n"
        + "Record what the reader took by setting the balance it shows: "
        + "'metrobuddy balance <amount> --note \"reduced express\"'."
    }
  }

  static func modeFare(_ mode: TravelMode) -> String {
    mode == .express ? "express bus fare" : "subway and local bus fare"
  }

  /// `This week`, `Today`, `These 3 days`.
  /// The name of a past cap period: `That week`.
  static func periodThen(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(7), .calendarWeek: "That week"
    case .rolling(1), .calendarDay: "That day"
    case .rolling(let days): "Those \(days) days"
    case .calendarMonth: "That month"
    case .travelDay: "That day (from 04:30)"
    case .travelWeek: "That week (from Monday 04:30)"
    }
  }

  static func periodName(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(7), .calendarWeek: "This week"
    case .rolling(1), .calendarDay: "Today"
    case .rolling(let days): "These \(days) days"
    case .calendarMonth: "This month"
    case .travelDay: "Today (from 04:30)"
    case .travelWeek: "This week (from Monday 04:30)"
    }
  }

  /// `in 7 days, which start at the next paid ride`.
  static func periodSpan(_ period: CapPeriod) -> String {
    switch period {
    case .rolling(let days):
      "in \(days == 1 ? "1 day" : "\(days) days"), which start at the next paid ride"
    case .calendarDay: "a day"
    case .calendarWeek: "a week, Monday to Sunday"
    case .calendarMonth: "a month"
    case .travelDay(let minute): "a travel day, from \(clock(minute)) to \(clock(minute - 1)) the next day"
    case .travelWeek: "a week, Monday to Sunday"
    }
  }

  /// `04:30` for a minute of the day.
  static func clock(_ minute: Int) -> String {
    let minute = (minute + 1440) % 1440
    return Localizer.twoDigits(minute / 60) + ":" + Localizer.twoDigits(minute % 60)
  }
}
