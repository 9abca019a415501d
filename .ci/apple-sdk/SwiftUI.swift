// placeholder
@_exported import Foundation
