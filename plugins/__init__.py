"""The variants bundled with Réussite. Each module is a plugin registered through the ``reussite.plugins``
entry-point group exactly as a third-party plugin is; installed, this folder is the ``reussite_plugins``
package."""
