// The URL type apps hold, where the platform has one; the library needs no Foundation otherwise.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension LinkTable {
    /// The route `url` leads to, as ``route(for:)-(String)`` reads its text (`absoluteString`):
    /// the same normalisation, the same errors, naming the URL's text.
    ///
    /// - Throws: as ``route(for:)-(String)``.
    public func route(for url: URL) throws(NavigationError) -> Route {
        try route(for: url.absoluteString)
    }
}
#endif
