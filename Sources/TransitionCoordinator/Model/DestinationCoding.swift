/// How an app's own destination value becomes a ``Screen`` and back: through its `Codable`
/// conformance, into a tree of text, with no Foundation.
///
/// A value encodes into a ``DestinationCoding/Node`` tree; ``DestinationCoding/screen(of:)``
/// reads the screen's name and parameters off that tree, and ``DestinationCoding/decode(_:name:parameters:)``
/// builds the tree again from them and decodes the value. The rules, in the order tried:
/// - **An enum case** (a value of an enum type, encoded as one key holding a keyed container, as
///   synthesized conformances encode): the key is the name, the payload's fields are the
///   parameters (`mail(id: 42)` is `mail`, `id=42`; an unlabeled payload's keys are `_0`, `_1`…).
/// - **A single value** (a `String` raw-value enum, a `String`): its text is the name, with no
///   parameters.
/// - **Anything else** (a struct, an array): the type's name is the name, its fields the
///   parameters (an array's, its count under `count` and its elements under `0`, `1`…).
///
/// Parameters are text: numbers and booleans as Swift prints them (zero unsigned: `-0.0 == 0.0`),
/// a nested value's fields under dotted keys (`draft.subject`; a key's own `.` and `~` written
/// `~1` and `~0`), an array as its count under its key and its elements under `key.0`,
/// `key.1`…, a keyed value with nothing in it (a payload-less case, a struct whose fields are all
/// nil, an empty dictionary) as empty text, and a nil optional left out. A `Set`, and a
/// dictionary encoded as a list of keys and values, list their elements in one order whatever
/// the order they were inserted in, so equal values encode alike.
enum DestinationCoding {
    /// One node of an encoded value: a scalar's text, a keyed container's fields (in the
    /// order written), an unkeyed container's elements, or nothing yet.
    final class Node {
        var text: String?
        var fields: [(key: String, node: Node)] = []
        var elements: [Node]?
        /// Whether a keyed container was asked for here: written as empty text when it holds
        /// nothing, so it reads back present.
        var isKeyed = false

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

    /// The key an array's count takes when the array is the value itself (a field's array
    /// counts under the field's own key).
    static let countKey = "count"

    /// The name and parameters `value` encodes to, by the rules above.
    ///
    /// - Throws: what `value`'s own `encode(to:)` throws.
    static func screen<D: Encodable>(of value: D) throws -> (name: String, parameters: [String: String]) {
        let root = Node()
        try write(value, into: root, codingPath: [])
        var parameters: [String: String] = [:]
        // Mutant: any value encoded as one key holding a keyed container taken as an enum case.
        let isEnum = Mirror(reflecting: value).displayStyle == .enum || planted(.singleFieldStructAsCase)
        if isEnum, root.fields.count == 1, root.text == nil,
            root.elements == nil, let (key, payload) = root.fields.first, payload.text == nil, payload.elements == nil
        {
            flatten(payload, at: nil, into: &parameters)
            return (key, parameters)
        }
        if let text = root.text, root.fields.isEmpty, root.elements == nil { return (text, [:]) }
        flatten(root, at: nil, into: &parameters)
        return (typeName(D.self), parameters)
    }

    /// The name a value of `type` takes when it is not an enum case or a single value.
    static func typeName(_ type: Any.Type) -> String { String(describing: type) }

    /// Encodes `value` into `node`; a collection whose equality ignores order then lists its
    /// elements in one canonical order (``UnorderedEncoding``).
    static func write<T: Encodable>(_ value: T, into node: Node, codingPath: [any CodingKey]) throws {
        try value.encode(to: Writer(node: node, codingPath: codingPath))
        // Mutant: a set's elements kept in the order it iterates them, which equal sets need not share.
        guard let unordered = T.self as? any UnorderedEncoding.Type, let elements = node.elements,
            !planted(.unorderedElementsAsIterated)
        else { return }
        node.elements = canonicalOrder(elements, entryLength: unordered.encodedEntryLength)
    }

    /// `elements` in entries of `entryLength` (an element, or a key and its value), ordered by
    /// the bytes of each entry's first element as it flattens: the same order for equal
    /// collections, whatever order they iterate in.
    private static func canonicalOrder(_ elements: [Node], entryLength: Int) -> [Node] {
        guard entryLength > 0, elements.count.isMultiple(of: entryLength) else { return elements }
        let entries = stride(from: 0, to: elements.count, by: entryLength).map { start in
            (key: sortKey(elements[start]), nodes: elements[start..<start + entryLength])
        }
        return entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }.flatMap(\.nodes)
    }

    /// `node`'s parameters as bytes, keys in byte order, for ordering alone.
    private static func sortKey(_ node: Node) -> [UInt8] {
        var parameters: [String: String] = [:]
        flatten(node, at: "", into: &parameters)
        let sorted = parameters.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var bytes: [UInt8] = []
        for (key, value) in sorted {
            bytes += key.utf8
            bytes.append(0)
            bytes += value.utf8
            bytes.append(0)
        }
        return bytes
    }

    /// Writes `node`'s parameters under `key`; nil for the value itself, whose fields take
    /// their own keys and whose array's count takes ``countKey``.
    private static func flatten(_ node: Node, at key: String?, into parameters: inout [String: String]) {
        func under(_ part: String) -> String { key.map { $0 + "." + part } ?? part }
        if let key, let text = node.text { parameters[key] = text }
        if let elements = node.elements {
            parameters[key ?? countKey] = String(elements.count)
            for (index, element) in elements.enumerated() { flatten(element, at: under(String(index)), into: &parameters) }
        }
        for (field, child) in node.fields {
            // Mutant: a key's own dots written as they are, so they read back as nesting.
            flatten(child, at: under(planted(.destinationKeysUnescaped) ? field : escaped(field)), into: &parameters)
        }
        // Mutant: an empty keyed value written as nothing, so it reads back absent.
        if let key, node.isKeyed, node.text == nil, node.elements == nil, node.fields.isEmpty,
            !planted(.emptyKeyedValueDropped)
        {
            parameters[key] = ""
        }
    }

    /// `key` with its `~` and `.` written `~0` and `~1`, so a dotted key is one step of a path.
    private static func escaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: ".") }) else { return key }
        var text = ""
        for character in key.unicodeScalars {
            switch character {
            case "~": text += "~0"
            case ".": text += "~1"
            default: text.unicodeScalars.append(character)
            }
        }
        return text
    }

    /// `part` with ``escaped(_:)`` undone; a `~` followed by anything else stands for itself.
    private static func unescaped(_ part: Substring) -> String {
        guard part.utf8.contains(UInt8(ascii: "~")) else { return String(part) }
        var text = ""
        var scalars = part.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            guard scalar == "~", let next = pending, next == "0" || next == "1" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            text += next == "0" ? "~" : "."
            pending = scalars.next()
        }
        return text
    }

    /// The tree `parameters` flatten to (dotted keys nest).
    private static func tree(_ parameters: [String: String]) -> Node {
        let root = Node()
        for (key, value) in parameters {
            var node = root
            for part in key.split(separator: ".", omittingEmptySubsequences: false) { node = node.child(unescaped(part)) }
            node.text = value
        }
        return root
    }

    /// The most array elements one value decodes, nil elements and nested arrays' included.
    ///
    /// An array is written as its count, and a nil element as nothing, so a parameter of a few
    /// bytes (`tags=3000000`) could make the decoder build any number of elements: a link or a
    /// saved state is untrusted, and what it feeds must do bounded work. A path within the
    /// standard ``RouteLimits`` holds at most 32 parameters a step, so a value of more elements
    /// than this is mostly nils: its decoding is refused (the registry declines it).
    static let maxElements = 1_024

    /// What one decoding may still build: every array's count is spent from it before the
    /// array's elements are read.
    final class ElementBudget {
        /// A count that would take the value past ``DestinationCoding/maxElements``.
        struct Exceeded: Error {}

        private var remaining = DestinationCoding.maxElements

        /// Spends `count` elements.
        /// - Throws: ``Exceeded`` when fewer remain, spending nothing.
        func spend(_ count: Int) throws(Exceeded) {
            guard count <= remaining else { throw Exceeded() }
            remaining -= count
        }
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
            // An array that is the value itself counts under ``countKey`` (a struct's field of
            // that name is read as a field all the same: a keyed container reads no text).
            root.text = parameters[countKey]
        } else {
            root = Node(text: parameters.isEmpty ? name : nil)
            root.fields = [(name, tree(parameters))]
        }
        do {
            return try D(from: Reader(node: root, codingPath: [], budget: ElementBudget()))
        } catch let error as DecodingError {
            let failure = failure(error, asStruct: asStruct, parameters: parameters)
            // A name the type knows as a value alone (a `String`-backed case), given parameters:
            // the name is known, the parameters are what the type refuses.
            if failure == .unknownName, !parameters.isEmpty, (try? decode(type, name: name, parameters: [:])) != nil {
                throw .refused
            }
            throw failure
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
            let expected: LinkPattern.ValueType =
                if type is any BinaryInteger.Type {
                    .integer
                } else if type == Bool.self {
                    .oneOf(["false", "true"])
                } else {
                    .text
                }
            return .mismatch(key: name, value: parameters[name] ?? "", expected: expected)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return asStruct ? .refused : .unknownName }
            let name = key(context.codingPath)
            return .mismatch(key: name, value: parameters[name] ?? "", expected: .text)
        @unknown default:
            return .refused
        }
    }
}
