/// Reading a destination value back from a ``DestinationCoding/Node`` tree: a `Decoder` and its containers.
extension DestinationCoding {
    /// A decoder that reads a ``Node``.
    struct Reader: Decoder {
        let node: Node
        let codingPath: [any CodingKey]
        let budget: ElementBudget
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(KeyedReader(node: node, codingPath: codingPath, budget: budget))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try UnkeyedReader(node: node, codingPath: codingPath, budget: budget)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            ValueReader(node: node, codingPath: codingPath, budget: budget)
        }
    }

    struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]
        let budget: ElementBudget

        var allKeys: [Key] { node.fields.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool { node.field(key.stringValue) != nil }

        private func field(_ key: Key) throws -> Node {
            guard let field = node.field(key.stringValue) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no parameter"))
            }
            return field
        }

        func decodeNil(forKey key: Key) throws -> Bool { node.field(key.stringValue) == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try T(from: Reader(node: field(key), codingPath: codingPath + [key], budget: budget))
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            // A payload-less case, or a value whose fields are all nil, wrote nothing.
            KeyedDecodingContainer(
                KeyedReader<NestedKey>(
                    node: node.field(key.stringValue) ?? Node(), codingPath: codingPath + [key], budget: budget))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try UnkeyedReader(node: field(key), codingPath: codingPath + [key], budget: budget)
        }

        func superDecoder() throws -> any Decoder {
            Reader(node: node.field("super") ?? Node(), codingPath: codingPath, budget: budget)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            Reader(node: try field(key), codingPath: codingPath + [key], budget: budget)
        }
    }

    /// An index into an unkeyed container, as a coding key.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    struct UnkeyedReader: UnkeyedDecodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let budget: ElementBudget
        let count: Int?
        private(set) var currentIndex = 0
        var isAtEnd: Bool { currentIndex >= (count ?? 0) }

        /// - Throws: a type mismatch when the node holds no count, ``ElementBudget/Exceeded``
        ///   when the count would take the value past ``DestinationCoding/maxElements``.
        init(node: Node, codingPath: [any CodingKey], budget: ElementBudget) throws {
            self.node = node
            self.codingPath = codingPath
            self.budget = budget
            guard let text = node.text, let count = Int(text), count >= 0 else {
                throw DecodingError.typeMismatch(
                    [String].self, .init(codingPath: codingPath, debugDescription: "not a count of elements"))
            }
            // Mutant: the count is taken as it is, however large.
            if !planted(.unboundedElementCount) { try budget.spend(count) }
            self.count = count
        }

        private mutating func next() throws -> (Node, [any CodingKey]) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    String.self, .init(codingPath: codingPath, debugDescription: "past the last element"))
            }
            let key = IndexKey(currentIndex)
            currentIndex += 1
            return (node.field(key.stringValue) ?? Node(), codingPath + [key])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, node.field(String(currentIndex)) == nil else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (element, path) = try next()
            return try T(from: Reader(node: element, codingPath: path, budget: budget))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let (element, path) = try next()
            return KeyedDecodingContainer(KeyedReader<NestedKey>(node: element, codingPath: path, budget: budget))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (element, path) = try next()
            return try UnkeyedReader(node: element, codingPath: path, budget: budget)
        }

        mutating func superDecoder() throws -> any Decoder {
            let (element, path) = try next()
            return Reader(node: element, codingPath: path, budget: budget)
        }
    }

    struct ValueReader: SingleValueDecodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let budget: ElementBudget

        func decodeNil() -> Bool { node.text == nil && node.fields.isEmpty && node.elements == nil }

        private func text<T>(_ type: T.Type) throws -> String {
            guard let text = node.text else {
                throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "no text"))
            }
            return text
        }

        private func parse<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
            guard let value = T(try text(type)) else {
                throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "not a \(type)"))
            }
            return value
        }

        func decode(_ type: Bool.Type) throws -> Bool { try parse(type) }
        func decode(_ type: String.Type) throws -> String { try text(type) }
        func decode(_ type: Double.Type) throws -> Double { try parse(type) }
        func decode(_ type: Float.Type) throws -> Float { try parse(type) }
        func decode(_ type: Int.Type) throws -> Int { try parse(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try parse(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try parse(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try parse(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try parse(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try parse(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try parse(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try parse(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try parse(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try parse(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try T(from: Reader(node: node, codingPath: codingPath, budget: budget))
        }
    }
}
