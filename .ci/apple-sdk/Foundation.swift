// A transcription of the Foundation (and ObjectiveC) declarations the package uses, for
// .ci/apple-check only: no product or target builds it. Declarations only, as Apple's SDK
// declares them; written without the Objective-C runtime, so classes are plain Swift classes and
// a protocol's optional methods are requirements with default implementations.

@_exported import Darwin

/// `NSObjectProtocol` (ObjectiveC).
public protocol NSObjectProtocol: AnyObject {}

/// `NSObject` (ObjectiveC): the root class of UIKit's classes.
open class NSObject: NSObjectProtocol, Hashable {
    public init() {}
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs === rhs }
    open func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// `NSCoder`.
open class NSCoder: NSObject {}

/// `Bundle`.
open class Bundle: NSObject, @unchecked Sendable {}

/// `URL`: a value type, `Sendable`.
public struct URL: Hashable, Sendable, CustomStringConvertible {
    public init?(string: String) { nil }
    public var absoluteString: String { "" }
    public var description: String { "" }
}

/// `UserDefaults`: thread-safe, `Sendable` in the SDK.
open class UserDefaults: NSObject, @unchecked Sendable {
    open class var standard: UserDefaults { UserDefaults() }
    open func bool(forKey defaultName: String) -> Bool { false }
    open func set(_ value: Bool, forKey defaultName: String) {}
}

/// `CGFloat` (CoreFoundation, re-exported by Foundation, UIKit and SwiftUI): what the package uses of it, its literals and its conversions from
/// `Double` and integers (the SDK's type is a `BinaryFloatingPoint` as well).
public struct CGFloat: Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var native: Double
    public init(_ value: Double) { native = value }
    public init<Source: BinaryInteger>(_ value: Source) { native = Double(value) }
    public init(floatLiteral value: Double) { native = value }
    public init(integerLiteral value: Int) { native = Double(value) }
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { lhs.native < rhs.native }
    public static var infinity: CGFloat { CGFloat(Double.infinity) }
}
