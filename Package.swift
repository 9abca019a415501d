// swift-tools-version: 6.2
// 6.2: the sources use `nonisolated(nonsending)`, which Swift 6.2 (Xcode 26) brought.
import PackageDescription

// No package dependencies, not even for tests: the toolchain only.
let package = Package(
    name: "TransitionCoordinator",
    // Task executors need these OS versions on Apple platforms. `.ci/apple-check` type-checks the
    // package for each of them, against the availability the toolchain's interfaces declare.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "TransitionCoordinator", targets: ["TransitionCoordinator"]),
        .library(name: "TransitionCoordinatorUIKit", targets: ["TransitionCoordinatorUIKit"]),
        .library(name: "TransitionCoordinatorSwiftUI", targets: ["TransitionCoordinatorSwiftUI"]),
        .library(name: "TransitionCoordinatorTesting", targets: ["TransitionCoordinatorTesting"]),
    ],
    targets: [
        .target(name: "TransitionCoordinator", path: "Sources/TransitionCoordinator"),
        // The content tree as UIKit's containers: a pure reconciler and an applier over small
        // protocols, built everywhere; only its UIKit conformances need UIKit.
        .target(
            name: "TransitionCoordinatorUIKit", dependencies: ["TransitionCoordinator"],
            path: "Sources/TransitionCoordinatorUIKit"),
        // The committed state as an `@Observable` main-actor model; its SwiftUI views build where SwiftUI exists.
        .target(
            name: "TransitionCoordinatorSwiftUI", dependencies: ["TransitionCoordinator"],
            path: "Sources/TransitionCoordinatorSwiftUI"),
        // What an app's tests use: a test clock, scripted animators, a recording host, an event
        // probe and expectations. Depends on the library alone (and the toolchain's Testing).
        .target(
            name: "TransitionCoordinatorTesting", dependencies: ["TransitionCoordinator"],
            path: "Sources/TransitionCoordinatorTesting"),
        // What the tests, the harness and the bench share beyond the testing product (which it
        // re-exports): executors a test drives, a held task executor, a fake UIKit. Not a product.
        .target(
            name: "TestSupport",
            dependencies: [
                "TransitionCoordinator", "TransitionCoordinatorTesting",
                "TransitionCoordinatorUIKit",
            ],
            path: "Tests/Support"),
        .target(
            name: "StressHarness",
            dependencies: ["TestSupport", "TransitionCoordinator", "TransitionCoordinatorSwiftUI", "TransitionCoordinatorUIKit"],
            path: "Stress/Harness"),
        .target(
            name: "StressBench",
            dependencies: [
                "TestSupport", "TransitionCoordinator", "TransitionCoordinatorUIKit",
                "TransitionCoordinatorSwiftUI",
            ],
            path: "Stress/Bench"),
        .executableTarget(
            name: "stress", dependencies: ["StressHarness", "StressBench", "TransitionCoordinator"],
            path: "Stress/CLI"),
        .testTarget(
            name: "TransitionCoordinatorTests", dependencies: ["TestSupport", "TransitionCoordinator"],
            path: "Tests/TransitionCoordinatorTests"),
        .testTarget(
            name: "TransitionCoordinatorUIKitTests",
            dependencies: ["TestSupport", "TransitionCoordinatorUIKit", "TransitionCoordinator"],
            path: "Tests/TransitionCoordinatorUIKitTests"),
        .testTarget(
            name: "TransitionCoordinatorSwiftUITests",
            dependencies: ["TestSupport", "TransitionCoordinator", "TransitionCoordinatorSwiftUI"],
            path: "Tests/TransitionCoordinatorSwiftUITests"),
        .testTarget(
            name: "StressHarnessTests",
            dependencies: [
                "StressHarness", "TestSupport", "TransitionCoordinator",
                "TransitionCoordinatorSwiftUI",
            ],
            path: "Tests/StressHarnessTests"),
        // The four seed scenarios as an app writes them: the platform-neutral part in Examples/Shared,
        // the UIKit and SwiftUI apps built only where those frameworks exist. Not a product.
        .target(
            name: "Examples",
            dependencies: [
                "TransitionCoordinator", "TransitionCoordinatorUIKit",
                "TransitionCoordinatorSwiftUI",
            ],
            path: "Examples"),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "Examples", "TestSupport", "TransitionCoordinator",
                "TransitionCoordinatorUIKit", "TransitionCoordinatorSwiftUI",
            ],
            path: "Tests/ExamplesTests"),
        .testTarget(
            name: "StressBenchTests", dependencies: ["StressBench", "TransitionCoordinator"],
            path: "Tests/StressBenchTests"),
        .testTarget(
            name: "TransitionCoordinatorTestingTests",
            dependencies: ["TransitionCoordinatorTesting", "TransitionCoordinator"],
            path: "Tests/TransitionCoordinatorTestingTests"),
    ],
    swiftLanguageModes: [.v6]
)
