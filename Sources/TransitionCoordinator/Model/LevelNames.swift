/// The names levels were declared with, each kept once for the process: a ``WindowLevel`` holds
/// its name's number, so a level (and every ``ManagedWindow``) is copied, compared and hashed without
/// touching a string.
///
/// Thread-safe: both operations take one lock. The table only grows, by one entry per distinct
/// name ever declared or decoded; an app declares a handful.
final class LevelNames: Sendable {
    /// The process's table.
    static let shared = LevelNames()

    private struct Table {
        var numbers: [String: Int] = [:]
        var names: [String] = []
    }

    private let table = Locked(Table())

    /// The number of `name`, given it the first time it is seen; equal names get equal numbers.
    func number(for name: String) -> Int {
        table.withLock { table in
            if let number = table.numbers[name] { return number }
            table.names.append(name)
            table.numbers[name] = table.names.count - 1
            return table.names.count - 1
        }
    }

    /// The name numbered `number` (one that ``number(for:)`` handed out).
    func name(_ number: Int) -> String {
        table.withLock { table in table.names.indices.contains(number) ? table.names[number] : "" }
    }
}
