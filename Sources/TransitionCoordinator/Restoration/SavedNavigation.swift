/// The navigation state an app saves when it goes to the background, to restore after the
/// process was killed: what the root window showed, as the absolute route that navigates to it,
/// and the links still waiting in the inbox.
///
/// `Codable`, versioned twice: `format` is this library's (decoding a newer one fails, never
/// guesses); `schema` is the app's, which ``RestorationPolicy/migrations`` bring up to date when
/// restoring. The shield, the lock and windows above the root are never saved: the lifecycle
/// decides them after a relaunch.
public struct SavedNavigation: Sendable, Hashable, Codable {
    /// The format this library writes and reads: 2 writes ``savedAt`` as ISO 8601 text; 1, still
    /// read, wrote it as a `Duration`, read as time since the Unix epoch.
    package static let currentFormat = 2

    /// This library's format of the value.
    public var format: Int
    /// The app's schema version when saved (its screens' names and parameters then).
    public var schema: Int
    /// When it was saved: wall-clock time since the Unix epoch (1970-01-01T00:00:00Z, UTC), as
    /// ``Coordinator/restore(_:policy:now:link:)``'s `now`. Encoded as ISO 8601 text in UTC with
    /// milliseconds (`"savedAt":"2026-11-29T12:40:05.250Z"`), so the saved file says when.
    public var savedAt: Duration
    /// What the root window showed, as an absolute route.
    public var route: Route
    /// The inbox's links that were waiting or on their way.
    public var links: [SavedLink]
    /// How many saved links could not be read when this value was decoded (a route that breaks
    /// the path rules, a missing field): they are left out, so one bad link never costs the saved
    /// screens. Not encoded; 0 for a value made in code.
    public var unreadableLinks = 0

    /// A saved state of `route` and `links`, at `savedAt`, in the app's `schema`.
    public init(route: Route, links: [SavedLink] = [], schema: Int, savedAt: Duration) {
        format = Self.currentFormat
        self.schema = schema
        self.savedAt = savedAt
        self.route = route
        self.links = links
    }

    private enum CodingKeys: String, CodingKey { case format, schema, savedAt, path, links }

    /// Decodes a saved state; a format this library never wrote (newer, or below 1), or a path
    /// that does not parse, is a `DecodingError` (the app then starts fresh; nothing is guessed).
    /// A saved link that cannot be read is left out and counted in ``unreadableLinks``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        guard format <= Self.currentFormat else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container,
                debugDescription: "format \(format) is newer than \(Self.currentFormat)")
        }
        guard format >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container, debugDescription: "format \(format) was never written")
        }
        schema = try container.decode(Int.self, forKey: .schema)
        if format == 1 {
            savedAt = try container.decode(Duration.self, forKey: .savedAt)
        } else {
            let text = try container.decode(String.self, forKey: .savedAt)
            guard let time = WallTime.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .savedAt, in: container,
                    debugDescription: "`\(text.prefix(40))` is not an ISO 8601 time in UTC (as 2026-11-29T12:40:05.250Z)")
            }
            savedAt = time
        }
        let path = try container.decode(String.self, forKey: .path)
        do {
            route = try Route(parsing: path)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .path, in: container, debugDescription: "\(error)")
        }
        // One link at a time: a link that cannot be read is left out and counted, not the whole state.
        let readable = try container.decodeIfPresent([ReadableLink].self, forKey: .links) ?? []
        links = readable.compactMap(\.link)
        unreadableLinks = readable.count - links.count
    }

    /// A saved link, or nil when it cannot be read; decoding one never fails, so a list of them
    /// reads on past a bad one.
    private struct ReadableLink: Decodable {
        let link: SavedLink?
        init(from decoder: any Decoder) throws { link = try? SavedLink(from: decoder) }
    }

    /// Encodes the route as its path and the time as ISO 8601, both readable in the saved file
    /// (always in the current format). A time outside years 0001 to 9999 is an
    /// `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentFormat, forKey: .format)
        try container.encode(schema, forKey: .schema)
        guard let time = WallTime.iso8601(savedAt) else {
            throw EncodingError.invalidValue(
                savedAt,
                .init(codingPath: container.codingPath + [CodingKeys.savedAt], debugDescription: "outside years 0001 to 9999"))
        }
        try container.encode(time, forKey: .savedAt)
        try container.encode(route.path, forKey: .path)
        try container.encode(links, forKey: .links)
    }
}

/// How an app restores saved navigation: its schema and migrations, what is too old, what is
/// never restored, and what wins when a link arrives at launch.
public struct RestorationPolicy: Sendable {
    /// The app's schema now.
    public var schema: Int
    /// The app's migrations, by the schema each reads: the one at `n` rewrites a route saved at
    /// schema `n` into one for `n + 1` (rename a screen, move a parameter…), so
    /// `[1: renameProfile, 2: addTabs]` brings a route saved at 1 to schema 3. A schema step with
    /// no migration fails the restore (``RestorationError/missingMigration(from:)``). As in any
    /// dictionary literal, a key written twice stops the app when the literal is made.
    public var migrations: [Int: @Sendable (Route) -> Route]
    /// A saved state older than this is not restored (nil: any age): its age is the restore's
    /// `now` less ``SavedNavigation/savedAt``, both wall-clock time.
    public var maxAge: Duration?
    /// Screen names never restored (a checkout, an alert): a saved route keeps what stands below
    /// the first of them.
    public var neverRestored: Set<String>
    /// What wins when a link and a saved state meet at launch: false (the default), the link
    /// is followed and the saved state is not restored (its steps listed as dropped); true, the saved state is restored and the
    /// link's screens are presented over it as a modal stack (`saved!/link…`; a link to a tab bar,
    /// as a modal tab bar), so going back leaves the person where they were. The saved state
    /// falls back on its own, so its dropped steps never take the link along; one that cannot be
    /// restored at all, or that the link cannot go over (it would show a screen or a container the
    /// state shows: the notification of the mail that was open), leaves the link alone, every
    /// saved step listed as dropped.
    public var linkOnTop: Bool

    /// A policy for schema `schema`.
    public init(
        schema: Int = 1, migrations: [Int: @Sendable (Route) -> Route] = [:], maxAge: Duration? = nil,
        neverRestored: Set<String> = [], linkOnTop: Bool = false
    ) {
        self.schema = schema
        self.migrations = migrations
        self.maxAge = maxAge
        self.neverRestored = neverRestored
        self.linkOnTop = linkOnTop
    }
}
