/// The parser's byte-level pieces: the reserved bytes, the set of bytes that stop a scan, and the
/// checks on escapes and percent-encoding (``RouteParser/Parser/hex(_:)`` and
/// ``RouteParser/Parser/isUTF8(_:)`` serve the link patterns and URLs too).
extension RouteParser {
    /// The grammar's reserved bytes (computed, so the per-byte loop compares with constants
    /// rather than loading lazily initialized globals).
    enum Byte {
        static var slash: UInt8 { 0x2F }
        static var bang: UInt8 { 0x21 }
        static var hash: UInt8 { 0x23 }
        static var caret: UInt8 { 0x5E }
        static var open: UInt8 { 0x28 }
        static var close: UInt8 { 0x29 }
        static var comma: UInt8 { 0x2C }
        static var equals: UInt8 { 0x3D }
        static var backslash: UInt8 { 0x5C }
        static var percent: UInt8 { 0x25 }
        static var dot: UInt8 { 0x2E }

        /// Whether `byte` may follow a backslash.
        static func isEscapable(_ byte: UInt8) -> Bool {
            switch byte {
            case slash, bang, hash, caret, open, close, comma, equals, backslash: true
            default: false
            }
        }

        /// Whether `byte` begins a step's operator.
        static func isOperator(_ byte: UInt8) -> Bool { byte == slash || byte == bang || byte == hash }
    }

    /// Where a piece of text stands: it decides which bytes end it and which are refused.
    enum Place {
        case name, key, value
    }

    /// The ASCII bytes that stop the scan of plain text in a place, one bit each: control
    /// characters, `\` and `%`, and the bytes that end the text there or may not stand raw there.
    /// Every other byte (UTF-8's multi-byte sequences included) is taken as it is.
    struct Stops {
        /// Bytes 0x00 to 0x3F.
        let low: UInt64
        /// Bytes 0x40 to 0x7F.
        let high: UInt64

        init(_ place: Place) {
            // Control characters (0x00–0x1F, 0x7F), `%` and `\`, everywhere.
            var low: UInt64 = 0xFFFF_FFFF | Self.bit(Byte.percent)
            var high: UInt64 = Self.bit(0x7F) | Self.bit(Byte.backslash)
            switch place {
            case .name:
                // Ended by `/ ! # (`; refused: `) , = ^`.
                low |=
                    Self.bit(Byte.slash) | Self.bit(Byte.bang) | Self.bit(Byte.hash) | Self.bit(Byte.open)
                    | Self.bit(Byte.close) | Self.bit(Byte.comma) | Self.bit(Byte.equals)
                high |= Self.bit(Byte.caret)
            case .key:
                // Ended by `= , )`; refused: `( / ! # ^`.
                low |=
                    Self.bit(Byte.equals) | Self.bit(Byte.comma) | Self.bit(Byte.close)
                    | Self.bit(Byte.open) | Self.bit(Byte.slash) | Self.bit(Byte.bang) | Self.bit(Byte.hash)
                high |= Self.bit(Byte.caret)
            case .value:
                // Ended by `, )`; refused: `= (`.
                low |= Self.bit(Byte.comma) | Self.bit(Byte.close) | Self.bit(Byte.equals) | Self.bit(Byte.open)
            }
            self.low = low
            self.high = high
        }

        /// The bit of ASCII byte `byte` in its half.
        static func bit(_ byte: UInt8) -> UInt64 { 1 << UInt64(byte & 0x3F) }

        /// Whether `byte` stops the scan.
        func contains(_ byte: UInt8) -> Bool {
            byte < 0x80 && ((byte < 0x40 ? low : high) >> UInt64(byte & 0x3F)) & 1 != 0
        }
    }

    /// No pairs, but room for `count` of them: `Dictionary(uniqueKeysWithValues: Room(count: 4))`
    /// is an empty dictionary with room for four, as `Dictionary(minimumCapacity: 4)` is. That
    /// initializer is compiled once for every key and value type and looks its storage's type up
    /// at run time, which cost more than the rest of making the dictionary; this one is inlined
    /// for `String` keys and values.
    struct Room: Sequence {
        /// How many pairs to make room for.
        let count: Int

        var underestimatedCount: Int { count }
        func makeIterator() -> EmptyCollection<(String, String)>.Iterator { EmptyCollection().makeIterator() }
    }
}

extension RouteParser.Parser {
    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return false }
            for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { return false }
            index += length
        }
        return true
    }

    /// The value of hex digit `byte`, or nil.
    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
