#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wall-clock time as a saved state records it: a `Duration` since the Unix epoch
/// (1970-01-01T00:00:00Z), written as ISO 8601 in UTC with milliseconds
/// (`2026-11-29T12:40:05.250Z`), so a person reading a saved file sees when it was saved and the
/// value means the same after a relaunch. Pure arithmetic on the proleptic Gregorian calendar;
/// no Foundation.
@usableFromInline
enum WallTime {
    /// Now, on the system's real-time clock.
    @usableFromInline
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }

    /// The earliest and latest times written: years 0001 to 9999, as ISO 8601 writes them.
    static let range: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// `time` as `YYYY-MM-DDTHH:MM:SS.mmmZ`; nil outside years 0001 to 9999.
    static func iso8601(_ time: Duration) -> String? {
        // Checked before its components are read: a time whose seconds pass `Int64` would trap there.
        guard time >= .seconds(range.lowerBound - 1), time <= .seconds(range.upperBound + 1) else { return nil }
        let (seconds, attoseconds) = time.components
        // Milliseconds, floored (a time before the epoch counts back from its second).
        var whole = seconds, millis = attoseconds / 1_000_000_000_000_000
        if millis < 0 {
            whole -= 1
            millis += 1_000
        }
        guard range.contains(whole) else { return nil }
        let days = whole.floorDivided(by: 86_400), inDay = whole - days * 86_400
        let (year, month, day) = civil(days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        func padded(_ value: Int64, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - "\(value)".count)) + "\(value)"
        }
        return "\(padded(year, 4))-\(two(month))-\(two(day))T\(two(inDay / 3_600)):\(two(inDay / 60 % 60)):"
            + "\(two(inDay % 60)).\(padded(millis, 3))Z"
    }

    /// The time `text` writes: `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, in UTC; nil for anything else
    /// (another offset, a date that does not exist, a field out of range).
    static func parse(_ text: String) -> Duration? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int64(bytes[index] - 0x30)
            }
            return value
        }
        func at(_ index: Int, _ character: Character) -> Bool { bytes[index] == character.asciiValue }
        guard at(4, "-"), at(7, "-"), at(10, "T"), at(13, ":"), at(16, ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            year >= 1, (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds: Int64 = 0
        if bytes.count > 20 {
            // A fraction: `.` and 1 to 9 digits before the `Z`.
            let digits = 20..<(bytes.count - 1)
            guard at(19, "."), (1...9).contains(digits.count), let fraction = number(digits) else { return nil }
            nanoseconds = fraction
            for _ in digits.count..<9 { nanoseconds *= 10 }
        } else if !at(19, "Z") {
            return nil
        }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return .seconds(seconds) + .nanoseconds(nanoseconds)
    }

    /// The days in `month` of `year`.
    private static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (Howard Hinnant's `days_from_civil`).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let year = month <= 2 ? year - 1 : year
        let era = year.floorDivided(by: 400)
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// The quotient rounded down (toward negative infinity), as calendar arithmetic needs.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
