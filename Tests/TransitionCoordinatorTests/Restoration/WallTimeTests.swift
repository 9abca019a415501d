import Foundation
import TestSupport
import Testing

@testable import TransitionCoordinator

/// A saved state's time: wall-clock time since the Unix epoch, written as ISO 8601 in UTC, read
/// back exactly; the first format's `Duration` still read.
@Suite("Saved time")
struct WallTimeTests {
    static let written: [(seconds: Int64, millis: Int64, text: String)] = [
        (0, 0, "1970-01-01T00:00:00.000Z"),
        (951_782_400, 0, "2000-02-29T00:00:00.000Z"),
        (1_795_783_205, 250, "2026-11-27T12:40:05.250Z"),
        (-1, 500, "1969-12-31T23:59:59.500Z"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00.000Z"),
        (253_402_300_799, 999, "9999-12-31T23:59:59.999Z"),
    ]

    @Test("times are written as ISO 8601 in UTC with milliseconds, and read back", arguments: written)
    func writtenAndRead(_ time: (seconds: Int64, millis: Int64, text: String)) {
        let duration = Duration.seconds(time.seconds) + .milliseconds(time.millis)
        #expect(WallTime.iso8601(duration) == time.text)
        #expect(WallTime.parse(time.text) == duration)
    }

    static let unreadable = [
        "", "2026-11-29", "2026-11-29T12:40:05", "2026-11-29T12:40:05+01:00", "2026-02-29T00:00:00Z",
        "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T12:60:00Z",
        "0000-01-01T00:00:00Z", "2026-11-29T12:40:05.Z", "2026-11-29T12:40:05.1234567890Z", "2026-11-29 12:40:05Z",
        "२०२६-11-29T12:40:05Z",
    ]

    @Test("anything else is not a time: another offset, a day that does not exist, a field out of range", arguments: unreadable)
    func unreadableText(_ text: String) {
        #expect(WallTime.parse(text) == nil)
    }

    @Test("seconds without a fraction are read, and a fraction of up to nine digits")
    func fractions() {
        #expect(WallTime.parse("1970-01-01T00:00:01Z") == .seconds(1))
        #expect(WallTime.parse("1970-01-01T00:00:01.5Z") == .milliseconds(1_500))
        #expect(WallTime.parse("1970-01-01T00:00:00.000000001Z") == .nanoseconds(1))
    }

    @Test("a time outside years 0001 to 9999 is not written, however far, its seconds past Int64 included")
    func outOfRange() {
        #expect(WallTime.iso8601(.seconds(253_402_300_800)) == nil)
        #expect(WallTime.iso8601(.seconds(-62_135_596_801)) == nil)
        #expect(WallTime.iso8601(.seconds(Int64.max) + .seconds(Int64.max)) == nil)
        #expect(WallTime.iso8601(.seconds(Int64.min) + .seconds(Int64.min)) == nil)
        #expect(WallTime.iso8601(.seconds(Int64.max)) == nil)
    }

    @Test("the clock reads now: after this test was written, before year 9999")
    func nowIsNow() throws {
        let now = WallTime.now()
        #expect(now > .seconds(1_795_000_000) && now < .seconds(253_402_300_799))
        #expect(WallTime.iso8601(now)?.hasSuffix("Z") == true)
    }

    @Test("a saved file says when it was saved, in words a person reads, and decodes to the same time")
    func savedFileReadable() throws {
        let saved = SavedNavigation(
            route: try Route(parsing: "^/home"), schema: 1, savedAt: .seconds(1_795_783_205) + .milliseconds(250))
        let text = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
        #expect(text.contains(#""savedAt":"2026-11-27T12:40:05.250Z""#))
        #expect(text.contains(#""format":2"#))
        #expect(try JSONDecoder().decode(SavedNavigation.self, from: Data(text.utf8)) == saved)
    }

    @Test(
        "a state saved by the first format (a Duration) is read as time since the epoch, restored, and saved again in the current one"
    )
    func firstFormatMigrates() async throws {
        // The first format wrote the time as Swift encodes a Duration.
        let duration = String(decoding: try JSONEncoder().encode(Duration.seconds(1_795_783_205)), as: UTF8.self)
        let old = #"{"format":1,"schema":1,"savedAt":"# + duration + #","path":"^\/home\/friend","links":[]}"#
        let decoded = try JSONDecoder().decode(SavedNavigation.self, from: Data(old.utf8))
        #expect(decoded.format == 1 && decoded.savedAt == .seconds(1_795_783_205))
        let coordinator = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: RestorationTests.registry)
        let policy = RestorationPolicy(maxAge: .seconds(3_600))
        let restored = try await coordinator.restore(decoded, policy: policy, now: .seconds(1_795_783_205 + 60))
        #expect(restored.route.path == "^/home/friend")
        let again = String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self)
        #expect(again.contains(#""format":2"#) && again.contains(#""savedAt":"2026-11-27T12:40:05.000Z""#))
    }

    @Test("the maximum age is checked against the time a test sets")
    func maxAgeAgainstSetTime() async throws {
        let saved = SavedNavigation(route: try Route(parsing: "^/home"), schema: 1, savedAt: .seconds(1_795_783_205))
        let policy = RestorationPolicy(maxAge: .seconds(600))
        let coordinator = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: RestorationTests.registry)
        await #expect(throws: RestorationError.tooOld(age: .seconds(601), maxAge: .seconds(600))) {
            try await coordinator.restore(saved, policy: policy, now: .seconds(1_795_783_205 + 601))
        }
        #expect(try await coordinator.restore(saved, policy: policy, now: .seconds(1_795_783_205 + 600)).route.path == "^/home")
    }

    @Test("a saved time that is not ISO 8601 is a decoding error naming the field; nothing is guessed")
    func corruptTime() {
        let corrupt = #"{"format":2,"schema":1,"savedAt":"yesterday","path":"^\/home","links":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SavedNavigation.self, from: Data(corrupt.utf8)) }
    }
}
