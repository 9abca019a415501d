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

        mutating func encodeNil(forKey key: Key) throws {}

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try value.encode(to: Writer(node: node.child(key.stringValue), codingPath: codingPath + [key]))
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
            try value.encode(to: Writer(node: next(), codingPath: codingPath))
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
        mutating func encode(_ value: Double) throws { node.text = String(value) }
        mutating func encode(_ value: Float) throws { node.text = String(value) }
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
            try value.encode(to: Writer(node: node, codingPath: codingPath))
        }
    }
}
