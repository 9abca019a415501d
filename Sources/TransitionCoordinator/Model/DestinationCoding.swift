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
}
