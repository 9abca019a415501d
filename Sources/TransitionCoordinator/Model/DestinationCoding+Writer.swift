/// Writing a destination value into a ``DestinationCoding/Node`` tree: an `Encoder` and its containers.
extension DestinationCoding {
    /// An encoder that writes into a ``Node``.
    struct Writer: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(KeyedWriter(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.elements == nil { node.elements = [] }
            return UnkeyedWriter(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { ValueWriter(node: node, codingPath: codingPath) }
    }

    struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        init(node: Node, codingPath: [any CodingKey]) {
            node.isKeyed = true
            self.node = node
            self.codingPath = codingPath
        }

        mutating func encodeNil(forKey key: Key) throws {}

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try write(value, into: node.child(key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(KeyedWriter<NestedKey>(node: node.child(key.stringValue), codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Writer(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            Writer(node: node.child("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            Writer(node: node.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct UnkeyedWriter: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.elements?.count ?? 0 }

        private func next() -> Node {
            let element = Node()
            node.elements?.append(element)
            return element
        }

        mutating func encodeNil() throws { _ = next() }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try write(value, into: next(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(KeyedWriter<NestedKey>(node: next(), codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Writer(node: next(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Writer(node: next(), codingPath: codingPath) }
    }

    struct ValueWriter: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {}
        mutating func encode(_ value: Bool) throws { node.text = String(value) }
        mutating func encode(_ value: String) throws { node.text = value }
        // Zero unsigned: `-0.0 == 0.0`, so the two are one screen.
        // Mutant: zero's sign kept, so two equal values are two screens.
        mutating func encode(_ value: Double) throws { node.text = String(value == 0 && !planted(.signedZero) ? 0 : value) }
        mutating func encode(_ value: Float) throws { node.text = String(value == 0 && !planted(.signedZero) ? 0 : value) }
        mutating func encode(_ value: Int) throws { node.text = String(value) }
        mutating func encode(_ value: Int8) throws { node.text = String(value) }
        mutating func encode(_ value: Int16) throws { node.text = String(value) }
        mutating func encode(_ value: Int32) throws { node.text = String(value) }
        mutating func encode(_ value: Int64) throws { node.text = String(value) }
        mutating func encode(_ value: UInt) throws { node.text = String(value) }
        mutating func encode(_ value: UInt8) throws { node.text = String(value) }
        mutating func encode(_ value: UInt16) throws { node.text = String(value) }
        mutating func encode(_ value: UInt32) throws { node.text = String(value) }
        mutating func encode(_ value: UInt64) throws { node.text = String(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try write(value, into: node, codingPath: codingPath)
        }
    }
}

/// A collection whose equality ignores the order its encoding lists its elements in: written in
/// one canonical order (``DestinationCoding/write(_:into:codingPath:)``), so equal values are
/// one screen.
protocol UnorderedEncoding {
    /// How many elements of the encoded list make one entry: a set's element, or a dictionary's
    /// key and value (a dictionary keyed by `String` or `Int` encodes keyed, and lists nothing).
    static var encodedEntryLength: Int { get }
}

extension Set: UnorderedEncoding {
    static var encodedEntryLength: Int { 1 }
}

extension Dictionary: UnorderedEncoding {
    static var encodedEntryLength: Int { 2 }
}
