import MetroKit
