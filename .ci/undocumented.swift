// Lists the public symbols declared in a module's sources that have no `///` summary of their own,
// from the symbol graphs given as arguments (MODULE.symbols.json, as `swift package
// dump-symbol-graph` writes them); exits 1 when it finds any. Members the compiler synthesizes
// (an enum's `hash(into:)`) or a type inherits (`Equatable`'s `!=`) have no place in the sources
// and are left out: their documentation is the standard library's. Run by .ci/docs.
import Foundation

struct Graph: Decodable {
    struct Module: Decodable { let name: String }
    struct Symbol: Decodable {
        struct Comment: Decodable {
            struct Line: Decodable { let text: String }
            let module: String?
            let lines: [Line]
        }
        struct Location: Decodable {
            struct Position: Decodable { let line: Int }
            let uri: String
            let position: Position
        }
        let pathComponents: [String]
        let docComment: Comment?
        let location: Location?
    }
    let module: Module
    let symbols: [Symbol]
}

var missing: [String] = []
for path in CommandLine.arguments.dropFirst() {
    let graph: Graph
    do {
        graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        print("\(path): not a symbol graph: \(error)")
        exit(1)
    }
    for symbol in graph.symbols {
        // Declared in this module's sources: a default implementation another module's protocol
        // extension gives (a `CommandHost` method a testing host gets) is documented there.
        guard let location = symbol.location, location.uri.contains("/Sources/\(graph.module.name)/") else { continue }
        // A comment of its own names this module; an inherited one names the protocol's.
        let own = symbol.docComment.flatMap { $0.module == nil || $0.module == graph.module.name ? $0 : nil }
        let summary = own?.lines.first?.text.trimmingCharacters(in: .whitespaces) ?? ""
        if summary.isEmpty {
            let file = location.uri.replacingOccurrences(of: "file://", with: "")
            missing.append("\(file):\(location.position.line): \(graph.module.name).\(symbol.pathComponents.joined(separator: ".")) has no summary")
        }
    }
}
for line in missing.sorted() { print(line) }
exit(missing.isEmpty ? 0 : 1)
