// Counts the public types each product declares (structs, classes, enums, protocols, actors and
// typealiases, nested ones included) from the symbol graphs given as arguments
// (MODULE.symbols.json, as `swift package dump-symbol-graph` writes them), prints the counts, and
// exits 1 when a product, or all of them together, declares more than its ceiling below. The
// ceilings are the counts now: a type that joins the surface takes one that leaves, or a change
// here that says why. Run by .ci/docs.
import Foundation

/// The most public types each product may declare, and all of them together.
let ceilings = [
    "TransitionCoordinator": 73,
    "TransitionCoordinatorUIKit": 7,
    "TransitionCoordinatorSwiftUI": 4,
    "TransitionCoordinatorTesting": 13,
]
let totalCeiling = 97

struct Graph: Decodable {
    struct Module: Decodable { let name: String }
    struct Symbol: Decodable {
        struct Kind: Decodable { let identifier: String }
        let kind: Kind
        let accessLevel: String
        let pathComponents: [String]
    }
    let module: Module
    let symbols: [Symbol]
}

let typeKinds: Set = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor", "swift.typealias"]
var counts: [String: Int] = [:]
for path in CommandLine.arguments.dropFirst() {
    let graph: Graph
    do {
        graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        print("\(path): not a symbol graph: \(error)")
        exit(1)
    }
    // A graph of this module's extensions to another's types (MODULE@OTHER) declares no type of its own here.
    guard !URL(fileURLWithPath: path).lastPathComponent.contains("@") else { continue }
    let types = graph.symbols.filter { typeKinds.contains($0.kind.identifier) && $0.accessLevel == "public" }
    counts[graph.module.name, default: 0] += types.count
}

var over: [String] = []
for (product, ceiling) in ceilings.sorted(by: { $0.key < $1.key }) {
    let count = counts[product] ?? 0
    print("\(product): \(count) public types (ceiling \(ceiling))")
    if count > ceiling { over.append("\(product): \(count) public types, past its ceiling of \(ceiling)") }
}
let total = counts.values.reduce(0, +)
print("all products: \(total) public types (ceiling \(totalCeiling))")
if total > totalCeiling { over.append("all products: \(total) public types, past the ceiling of \(totalCeiling)") }
for line in over { print(line) }
exit(over.isEmpty ? 0 : 1)
