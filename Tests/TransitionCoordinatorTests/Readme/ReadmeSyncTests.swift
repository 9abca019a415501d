import Foundation
import Testing
import TransitionCoordinator

/// The README's code blocks are the tests' own: each Swift block is, verbatim, a block of
/// ``ReadmeSnippets`` or of the testing guide's tests (which the tests run), or, for a block for
/// Apple platforms only, of an example that `.ci/apple-check` type-checks; unless it is a manifest's lines.
@Suite("README code blocks")
struct ReadmeSyncTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The test files that hold the README's snippets.
    static let snippetFiles = [
        "Tests/TransitionCoordinatorTests/Readme/ReadmeSnippets.swift",
        "Tests/TransitionCoordinatorTestingTests/GuideTests.swift",
        "Examples/UIKit/QuickStartSceneDelegate.swift",
        "Examples/SwiftUI/QuickStartView.swift",
    ]

    /// The Swift blocks of `markdown`, each as its lines.
    static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The snippets between `// README: name` and `// END README` in `source`, dedented.
    static func snippets(in source: String) -> [String: [String]] {
        var found: [String: [String]] = [:], name: String?, lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// README: ") {
                name = String(trimmed.dropFirst("// README: ".count))
                lines = []
            } else if trimmed == "// END README", let open = name {
                let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                found[open] = lines.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
                name = nil
            } else if name != nil {
                lines.append(line)
            }
        }
        return found
    }

    /// Whether a block is exempt: a manifest's lines.
    static func isExempt(_ block: [String]) -> Bool {
        guard let first = block.first else { return false }
        return first.hasPrefix("// In Package.swift")
    }

    @Test("every Swift block of the README is a snippet the tests run, verbatim")
    func blocksAreSnippets() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        var snippets: [[String]] = []
        for file in Self.snippetFiles {
            let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            snippets += Self.snippets(in: source).values
        }
        let blocks = Self.swiftBlocks(in: readme).filter { !Self.isExempt($0) }
        #expect(blocks.count >= 3, "the README's examples were found")
        for block in blocks {
            #expect(snippets.contains(block), "README block in none of \(Self.snippetFiles):\n\(block.joined(separator: "\n"))")
        }
    }

    @Test("every Swift block of the testing guide is a snippet the tests run, verbatim")
    func guideBlocksAreSnippets() throws {
        let guide = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Sources/TransitionCoordinatorTesting/TransitionCoordinatorTesting.docc/TestingYourNavigation.md"),
            encoding: .utf8)
        let source = try String(contentsOf: Self.root.appendingPathComponent(Self.snippetFiles[1]), encoding: .utf8)
        let snippets = Array(Self.snippets(in: source).values)
        let blocks = Self.swiftBlocks(in: guide)
        #expect(blocks.count >= 6, "a flow, an animator, a timeout, a guard, a link and a restore")
        for block in blocks {
            #expect(snippets.contains(block), "guide block not in \(Self.snippetFiles[1]):\n\(block.joined(separator: "\n"))")
        }
    }

    @Test("the check fires on a block the snippets lack, Apple-only blocks included, and passes a manifest's lines")
    func checkFires() {
        let markdown =
            "```swift\nlet x = 1\n```\n\n```swift\n// Apple platforms only: UIKit.\nlet y = 2\n```\n\n```swift\n// In Package.swift\n```\n"
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(blocks == [["let x = 1"], ["// Apple platforms only: UIKit.", "let y = 2"], ["// In Package.swift"]])
        let snippets = Self.snippets(in: "    // README: a\n    let x = 2\n    // END README\n")
        #expect(!snippets.values.contains(blocks[0]))
        #expect(!Self.isExempt(blocks[1]), "an Apple-only block is checked against the examples")
        #expect(Self.isExempt(blocks[2]))
    }
}
