/// An identifier's text with its hash, taken once when the text is wrapped: what ``ScreenID`` and
/// ``ContainerID`` hold. The sets and dictionaries that hold ids (the checks of every new content
/// tree, a reconciler's controllers) then hash one word per id, and two ids with different
/// hashes are told apart without comparing their text.
package struct HashedText: Sendable, Hashable {
    /// The text as written.
    package let text: String
    /// `text`'s hash in this process (never encoded).
    private let textHash: Int

    /// Wraps `text`, hashing it now.
    package init(_ text: String) {
        self.text = text
        textHash = text.hashValue
    }

    /// Equal when the texts are; different hashes settle it without reading the texts.
    package static func == (lhs: HashedText, rhs: HashedText) -> Bool {
        lhs.textHash == rhs.textHash && lhs.text == rhs.text
    }

    /// Hashes the text's hash, taken when it was wrapped.
    package func hash(into hasher: inout Hasher) { hasher.combine(textHash) }
}
