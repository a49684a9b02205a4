import MetroKit

/// `plan --rides N | --until DATE`: how much to load, worked out by the fare
/// rules. MetroKit plans (``MetroCard/refillPlan(for:at:in:)``); this reads
/// the goal and renders.
struct PlanCommand: Command {
  static let spec = CommandSpec(
    name: "plan", abstract: .insights(.planAbstract),
    discussion: .insights(.planDiscussion),
    options: [rides.spec, until.spec],
    examples: ["metrobuddy plan --rides 20", "metrobuddy plan --until 2026-12-31 --json"])

  /// `--rides N`.
  static let rides = Option<Int>.wholeNumber(
    "rides", help: .insights(.planRides), in: 1...10_000, default: 1,
    problem: { .positiveWholeNumber($0) }
  ).optional
  /// `--until DATE`.
  static let until = Option<CalendarDate?>.day(
    "until", help: .insights(.planUntil))

  /// How far ahead `--until` may reach: ten years, the forecast's horizon.
  static let furthestDays = Forecast.horizonDays

  var goal: RefillGoal

  init(_ parsed: ParsedCommand, environment: Environment) throws(UsageError) {
    _ = try Self.arguments(parsed, [])
    let rides = try parsed[Self.rides]
    let until = try parsed[Self.until]
    switch (rides, until) {
    case (let count?, nil):
      goal = .trips(count)
    case (nil, let day?):
      let today = environment.timeZone.calendarDate(of: environment.clock.now())
      guard day >= today else { throw Self.usageError(.forecast(.planUntilPast(day.description)), parsed) }
      guard today.days(until: day) <= Self.furthestDays else {
        throw Self.usageError(.forecast(.planUntilTooFar(day.description)), parsed)
      }
      goal = .through(day)
    default:
      throw Self.usageError(.forecast(.planRidesOrUntil), parsed)
    }
  }

  func run(in context: Context) throws(MetroError) -> CommandOutput {
    let card = try context.selectedCard().snapshot
    let moment = context.moment
    let plan = try card.refillPlan(for: goal, at: moment.now, in: moment.timeZone)
    let money = { (amount: Money) in context.money(amount, card.currency) }
    var until: CalendarDate?
    if case .through(let day) = goal { until = day }
    let saved = plan.fullFares.minorUnits - plan.cost.minorUnits
    var lines = [
      plan.amount == .zero
        ? context.text(.planNothing(balance: money(plan.balance)))
        : context.text(.planLoad(amount: money(plan.amount))),
      context.text(
        .planTrips(
          trips: plan.trips, tenths: plan.pace.tenthsPerWeek,
          until: until.map { context.text.weekdayDate($0, today: context.today) }, cost: money(plan.cost),
          saved: saved > 0 ? money(Money(minorUnits: saved)) : nil, balance: money(plan.balance))),
    ]
    if plan.paceIsAssumed { lines.append(context.text(.planAssumedPace(tenths: plan.pace.tenthsPerWeek))) }
    if let unrounded = plan.unrounded { lines.append(context.text(.planRounded(from: money(unrounded)))) }
    if let limit = plan.overLimit { lines.append(context.text(.planOverLimit(limit: money(limit)))) }
    if plan.refillsEnded { lines.append(context.text(.planRefillsEnded)) }
    return CommandOutput(
      text: lines.map { $0 + "\n" }.joined(), json: JSONRenderer.plan(plan, card: card, until: until))
  }
}
