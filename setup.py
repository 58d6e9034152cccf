"""The packages: benchit, and the corpora as ``benchit_models`` (mapped to models/, their one source).

Everything else is in pyproject.toml. A corpus is a folder of models/; its ``skip/`` folder (scripts
that discovery skips) is left out, as are ``__pycache__`` folders.
"""

from setuptools import find_namespace_packages, find_packages, setup

corpora = find_namespace_packages(
    where="models", exclude=["skip", "*.skip", "*.skip.*", "__pycache__", "*.__pycache__"]
)
setup(
    packages=[
        *find_packages(include=["benchit", "benchit.*"]),
        "benchit_models",
        *(f"benchit_models.{c}" for c in corpora),
    ],
    package_dir={"benchit_models": "models"},
)
