/// How an app's own destination value becomes a ``Screen`` and back: through its `Codable`
/// conformance, into a tree of text, with no Foundation.
///
/// A value encodes into a ``DestinationCoding/Node`` tree; ``DestinationCoding/screen(of:)``
/// reads the screen's name and parameters off that tree, and ``DestinationCoding/decode(_:name:parameters:)``
/// builds the tree again from them and decodes the value. The rules, in the order tried:
/// - **An enum case** (its synthesized encoding is one key holding a keyed container): the key
///   is the name, the payload's fields are the parameters (`mail(id: 42)` is `mail`, `id=42`;
///   an unlabeled payload's keys are `_0`, `_1`…).
/// - **A single value** (a `String` raw-value enum, a `String`): its text is the name, with no
///   parameters.
/// - **Anything else** (a struct): the type's name is the name, its fields the parameters.
///
/// Parameters are text: numbers and booleans as Swift prints them, a nested value's fields
/// under dotted keys (`draft.subject`), an array as its count under its key and its elements
/// under `key.0`, `key.1`…, and a nil optional left out.
enum DestinationCoding {
    /// One node of an encoded value: a scalar's text, a keyed container's fields (in the
    /// order written), an unkeyed container's elements, or nothing yet.
    final class Node {
        var text: String?
        var fields: [(key: String, node: Node)] = []
        var elements: [Node]?

        init(text: String? = nil) { self.text = text }

        /// The field `key`, if written.
        func field(_ key: String) -> Node? { fields.first { $0.key == key }?.node }

        /// The field `key`, made empty when not written yet.
        func child(_ key: String) -> Node {
            if let node = field(key) { return node }
            let node = Node()
            fields.append((key, node))
            return node
        }
    }

    /// The name and parameters `value` encodes to, by the rules above.
    ///
    /// - Throws: what `value`'s own `encode(to:)` throws.
    static func screen<D: Encodable>(of value: D) throws -> (name: String, parameters: [String: String]) {
        let root = Node()
        try value.encode(to: Writer(node: root, codingPath: []))
        if root.fields.count == 1, root.text == nil, root.elements == nil, let (key, payload) = root.fields.first,
            payload.text == nil, payload.elements == nil
        {
            var parameters: [String: String] = [:]
            flatten(payload, prefix: "", into: &parameters)
            return (key, parameters)
        }
        if let text = root.text, root.fields.isEmpty, root.elements == nil { return (text, [:]) }
        var parameters: [String: String] = [:]
        flatten(root, prefix: "", into: &parameters)
        return (typeName(D.self), parameters)
    }

    /// The name a value of `type` takes when it is not an enum case or a single value.
    static func typeName(_ type: Any.Type) -> String { String(describing: type) }

    private static func flatten(_ node: Node, prefix: String, into parameters: inout [String: String]) {
        if let text = node.text { parameters[prefix] = text }
        if let elements = node.elements {
            parameters[prefix] = String(elements.count)
            for (index, element) in elements.enumerated() {
                flatten(element, prefix: prefix + "." + String(index), into: &parameters)
            }
        }
        for (key, child) in node.fields {
            flatten(child, prefix: prefix.isEmpty ? key : prefix + "." + key, into: &parameters)
        }
    }

    /// The tree `parameters` flatten to (dotted keys nest).
    private static func tree(_ parameters: [String: String]) -> Node {
        let root = Node()
        for (key, value) in parameters {
            var node = root
            for part in key.split(separator: ".", omittingEmptySubsequences: false) { node = node.child(String(part)) }
            node.text = value
        }
        return root
    }

    /// Why a screen is not a value of the type asked for.
    enum Failure: Error, Equatable {
        /// The name is no case of the type.
        case unknownName
        /// The parameter `key` is missing.
        case missing(key: String)
        /// The parameter `key` holds `value`, which is not `expected`.
        case mismatch(key: String, value: String, expected: LinkPattern.ValueType)
        /// The type's own decoding refused it.
        case refused
    }

    /// The value of `type` the screen `name` with `parameters` stands for.
    ///
    /// - Throws: ``Failure``, naming what does not fit.
    static func decode<D: Decodable>(_ type: D.Type, name: String, parameters: [String: String]) throws(Failure) -> D {
        let asStruct = name == typeName(D.self)
        let root: Node
        if asStruct {
            root = tree(parameters)
        } else {
            root = Node(text: parameters.isEmpty ? name : nil)
            root.fields = [(name, tree(parameters))]
        }
        do {
            return try D(from: Reader(node: root, codingPath: []))
        } catch let error as DecodingError {
            throw failure(error, asStruct: asStruct, parameters: parameters)
        } catch {
            throw .refused
        }
    }

    private static func failure(_ error: DecodingError, asStruct: Bool, parameters: [String: String]) -> Failure {
        func key(_ path: [any CodingKey]) -> String {
            (asStruct ? path[...] : path.dropFirst()).map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let missing, let context):
            return .missing(key: key(context.codingPath + [missing]))
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            if context.codingPath.isEmpty { return asStruct ? .refused : .unknownName }
            let name = key(context.codingPath)
            let integer = type is any BinaryInteger.Type
            return .mismatch(key: name, value: parameters[name] ?? "", expected: integer ? .integer : .text)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return asStruct ? .refused : .unknownName }
            let name = key(context.codingPath)
            return .mismatch(key: name, value: parameters[name] ?? "", expected: .text)
        @unknown default:
            return .refused
        }
    }

    // MARK: Writing

    /// An encoder that writes into a ``Node``.
    private struct Writer: Encoder {
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

    private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
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

    private struct UnkeyedWriter: UnkeyedEncodingContainer {
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

    private struct ValueWriter: SingleValueEncodingContainer {
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

    // MARK: Reading

    /// A decoder that reads a ``Node``.
    private struct Reader: Decoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(KeyedReader(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try UnkeyedReader(node: node, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            ValueReader(node: node, codingPath: codingPath)
        }
    }

    private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

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
            try T(from: Reader(node: field(key), codingPath: codingPath + [key]))
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            // A payload-less case, or a value whose fields are all nil, wrote nothing.
            KeyedDecodingContainer(
                KeyedReader<NestedKey>(node: node.field(key.stringValue) ?? Node(), codingPath: codingPath + [key]))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try UnkeyedReader(node: field(key), codingPath: codingPath + [key])
        }

        func superDecoder() throws -> any Decoder { Reader(node: node.field("super") ?? Node(), codingPath: codingPath) }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            Reader(node: try field(key), codingPath: codingPath + [key])
        }
    }

    /// An index into an unkeyed container, as a coding key.
    private struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private struct UnkeyedReader: UnkeyedDecodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let count: Int?
        private(set) var currentIndex = 0
        var isAtEnd: Bool { currentIndex >= (count ?? 0) }

        init(node: Node, codingPath: [any CodingKey]) throws {
            self.node = node
            self.codingPath = codingPath
            guard let text = node.text, let count = Int(text), count >= 0 else {
                throw DecodingError.typeMismatch(
                    [String].self, .init(codingPath: codingPath, debugDescription: "not a count of elements"))
            }
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
            return try T(from: Reader(node: element, codingPath: path))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let (element, path) = try next()
            return KeyedDecodingContainer(KeyedReader<NestedKey>(node: element, codingPath: path))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (element, path) = try next()
            return try UnkeyedReader(node: element, codingPath: path)
        }

        mutating func superDecoder() throws -> any Decoder {
            let (element, path) = try next()
            return Reader(node: element, codingPath: path)
        }
    }

    private struct ValueReader: SingleValueDecodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

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
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: Reader(node: node, codingPath: codingPath)) }
    }
}
