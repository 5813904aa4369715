# transform: coordinate operations through PROJ (system library; design §2:
# numeric code with little branching links the Debian package).
PKGS_transform := libproj-dev proj-data
LDLIBS_transform := -lproj
