/// The range of times and durations taken from outside (a saved state's time, a saved link's
/// remaining wait, an expiry an app passes): ±2⁴⁰ seconds, about 34,000 years. `Duration`
/// arithmetic traps on overflow; two values in this range add and subtract without it, so a
/// value from disk is checked against it before any arithmetic, never trusted.
enum TrustedDuration {
    /// The largest magnitude taken as it is.
    static let bound = Duration.seconds(Int64(1) << 40)

    /// Whether `value` lies within ±``bound``.
    static func contains(_ value: Duration) -> Bool { value <= bound && value >= .zero - bound }

    /// `value` brought into `0...limit` (`limit` itself within the bound).
    static func clamped(_ value: Duration, to limit: Duration) -> Duration {
        min(max(value, .zero), min(limit, bound))
    }
}
